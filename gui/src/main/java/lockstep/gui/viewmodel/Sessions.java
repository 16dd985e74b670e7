package lockstep.gui.viewmodel;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.frame.LaneFrame;
import lockstep.simulator.frame.Row;
import lockstep.simulator.frame.Servers;
import lockstep.simulator.trace.Event;

import lockstep.gui.text.WindowTexts;

/**
 * The servers and the clients' sessions as a lane draws them: a box per server (one today, an ensemble later: the
 * lane draws whatever this list holds), and per client a line to the server its session is on, in one of a few kinds
 * that tell a crash, an expiry, a lost connection and a stopped server apart at a glance.
 *
 * @param servers the servers, top to bottom
 * @param lines   one per client, in the lane's client order
 */
public record Sessions(List<Server> servers, List<Line> lines) {

    public Sessions {
        servers = List.copyOf(servers);
        lines = List.copyOf(lines);
    }

    /** A server box: its name, whether it runs, and its word ("up", "stopped"). */
    public record Server(String name, boolean running, String word) {
    }

    /** How a session line is drawn. */
    public enum Kind {
        /** Connected, session alive: a solid line. */
        LIVE,
        /** Session alive, connection lost (or the server is stopped): a dashed line, broken in the middle, "retrying". */
        RETRYING,
        /** The client is paused: the line stays (the session is alive) but faint; nothing moves along it. */
        PAUSED,
        /** The client ended it (a crash, a close): broken at the client's end. */
        CLOSED_BY_CLIENT,
        /** The server ended it (an expiry), whether the client knows yet or not: broken at the server's end. */
        ENDED_BY_SERVER
    }

    /**
     * A client's session line.
     *
     * @param server the index of its server in {@link #servers()}
     * @param word   a short word drawn on the line when it is not live ("retrying", "expired"), else ""
     */
    public record Line(String client, int server, Kind kind, String word) {
    }

    /** The sessions of a lane's frame: its servers, and one line per row, in the lane's order. */
    public static Sessions of(LaneFrame frame) {
        List<Server> servers = new ArrayList<>();
        Servers boxes = frame.servers();
        if (boxes.ensemble()) {
            // One box per server, its role as its word; a server serves only while some server leads.
            for (Servers.Box box : boxes.boxes()) {
                servers.add(new Server("s" + box.number(), box.serving(), box.role() == Event.Role.LEADER
                        ? "\u2605" + WindowTexts.text("server.leader") : roleWord(box.role())));
            }
        } else {
            servers.add(new Server(WindowTexts.text("session.server"), boxes.running(),
                    WindowTexts.text(boxes.running() ? "session.up" : "session.stopped")));
        }
        List<Line> lines = new ArrayList<>();
        for (Row row : frame.rows()) {
            int box = boxes.ensemble() ? Math.max(0, row.server() - 1) : 0;
            lines.add(lineOf(row, Math.min(box, servers.size() - 1)));
        }
        return new Sessions(servers, lines);
    }

    /** A server's role in the window's language ("follower"; the leader is starred by the caller). */
    static String roleWord(Event.Role role) {
        return role == Event.Role.LEADER ? WindowTexts.text("server.leader")
                : WindowTexts.text("role." + role.name().toLowerCase(java.util.Locale.ROOT));
    }

    /** A row's session line, from its one look: each look its own kind of line and word. */
    private static Line lineOf(Row row, int server) {
        String name = row.client();
        return switch (row.look()) {
            case CRASHED -> new Line(name, server, Kind.CLOSED_BY_CLIENT, WindowTexts.text("session.crashed"));
            case CLOSED -> new Line(name, server, Kind.CLOSED_BY_CLIENT, WindowTexts.text("session.closed"));
            case ZOMBIE, EXPIRED -> new Line(name, server, Kind.ENDED_BY_SERVER, WindowTexts.text("session.expired"));
            case CUT_OFF, NO_SERVER -> new Line(name, server, Kind.RETRYING, WindowTexts.text("session.retrying"));
            case PAUSED -> new Line(name, server, Kind.PAUSED, WindowTexts.text("session.paused"));
            case HEALTHY -> new Line(name, server, Kind.LIVE, "");
        };
    }
}
