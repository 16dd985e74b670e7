package lockstep.gui.viewmodel;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.replay.EnsembleView;
import lockstep.simulator.replay.ReplayState;
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

    /** The sessions of state {@code s} for {@code clients} (in lane order). */
    public static Sessions of(ReplayState s, List<String> clients) {
        EnsembleView ensemble = s.ensemble();
        List<Server> servers = new ArrayList<>();
        if (ensemble.isEnsemble()) {
            // One box per server, its role as its word; a server serves only while some server leads.
            for (int n : ensemble.roles().keySet()) {
                Event.Role role = ensemble.role(n);
                boolean serving = ensemble.leader() != 0 && (role == Event.Role.LEADER || role == Event.Role.FOLLOWER);
                servers.add(new Server("s" + n, serving, role == Event.Role.LEADER ? "\u2605" + WindowTexts.text("server.leader")
                        : roleWord(role)));
            }
        } else {
            servers.add(new Server(WindowTexts.text("session.server"), s.serverRunning(), WindowTexts.text(s.serverRunning() ? "session.up" : "session.stopped")));
        }
        List<Line> lines = new ArrayList<>();
        for (String name : clients) {
            ReplayState.ClientView c = s.clients().get(name);
            if (c == null) {
                c = ReplayState.ClientView.initial(name);
            }
            int box = ensemble.isEnsemble() ? Math.max(0, ensemble.serverOf(name) - 1) : 0;
            lines.add(lineOf(c, box, servers.get(Math.min(box, servers.size() - 1)).running()));
        }
        return new Sessions(servers, lines);
    }

    /** A server's role in the window's language ("follower"; the leader is starred by the caller). */
    static String roleWord(Event.Role role) {
        return role == Event.Role.LEADER ? WindowTexts.text("server.leader")
                : WindowTexts.text("role." + role.name().toLowerCase(java.util.Locale.ROOT));
    }

    private static Line lineOf(ReplayState.ClientView c, int server, boolean serverRunning) {
        String name = c.name();
        if (c.state() == Event.State.CRASHED || c.connection() == Event.ConnectionState.CLOSED) {
            return new Line(name, server, Kind.CLOSED_BY_CLIENT, WindowTexts.text(c.state() == Event.State.CRASHED ? "session.crashed" : "session.closed"));
        }
        if (!c.sessionAlive() || c.connection() == Event.ConnectionState.EXPIRED) {
            return new Line(name, server, Kind.ENDED_BY_SERVER, WindowTexts.text("session.expired"));
        }
        if (!serverRunning || c.connection() == Event.ConnectionState.DISCONNECTED) {
            return new Line(name, server, Kind.RETRYING, WindowTexts.text("session.retrying"));
        }
        if (c.paused()) {
            return new Line(name, server, Kind.PAUSED, WindowTexts.text("session.paused"));
        }
        return new Line(name, server, Kind.LIVE, "");
    }
}
