package lockstep.simulator.frame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lockstep.algorithms.LockMode;
import lockstep.simulator.check.Finding;
import lockstep.simulator.replay.EnsembleView;
import lockstep.simulator.replay.LaneCaptions;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * Makes a lane's {@link LaneFrame} from the replay's state at one event. Steps: the cards (the live nodes, then this
 * line's ghosts, in sequence order, each marked with its own kind and held only by a live holder through its own
 * node); the rows (each client's state beside its session, one {@link Row.Look} for each); the arrows and pulses as the
 * replay holds them; the servers, the resource, the counters, the holders (live and zombies apart), the tally and the
 * caption; the findings up to the event. Guarantees: nothing is read from the trace but through the state; the frame
 * depends only on the state, the lane's clients and findings, and the language of the caption.
 */
public final class LaneFrames {

    private LaneFrames() {
    }

    /**
     * The frame of a lane at state {@code s}.
     *
     * @param beat     the beat (-1 outside any)
     * @param lane     the lane's position
     * @param findings every finding of the lane's run; those at or before the state's event are shown
     * @param writes   the run writes to the resource at some point (the lane then draws its resource line throughout)
     */
    public static LaneFrame of(int beat, int lane, String algorithm, ReplayState s, List<String> clients,
                               List<Finding> findings, boolean writes) {
        List<Finding> shown = findings.stream().filter(f -> f.at() <= s.index()).toList();
        List<String> flagged = new ArrayList<>();
        for (Finding f : shown) {
            if (f.isFailure()) {
                for (String c : f.clients()) {
                    if (!flagged.contains(c)) {
                        flagged.add(c);
                    }
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        Servers servers = servers(s);
        for (String client : clients) {
            rows.add(row(s, s.client(client), servers, flagged.contains(client)));
        }
        List<Arrow> arrows = new ArrayList<>();
        for (ReplayState.Watch w : s.watches()) {
            Row.Look look = rows.stream().filter(r -> r.client().equals(w.client())).findFirst()
                    .map(Row::look).orElse(Row.Look.HEALTHY);
            boolean children = w.path().equals(s.lockPath());
            boolean parked = look == Row.Look.CUT_OFF || look == Row.Look.NO_SERVER;
            boolean heldBack = (parked || look == Row.Look.PAUSED) && !children && !s.znodes().containsKey(w.path());
            arrows.add(new Arrow(w.client(), w.path(), w.kind(), children, parked, heldBack));
        }
        return new LaneFrame(beat, lane, algorithm, s.index(), s.step(), s.line(), s.scriptText(), s.narration(),
                s.narrationBefore(), cards(s, clients),
                rows, arrows, pulses(s), servers, writes ? write(s) : null, counters(s), holders(s),
                Tally.of(s), LaneCaptions.at(s), shown, flagged,
                s.deadlockCycle().stream().map(w -> new WaitArrow(w.client(), w.lock(), w.holder())).toList());
    }

    /** The cards of state {@code s}: live nodes and this line's ghosts, in sequence order. */
    static List<Card> cards(ReplayState s, List<String> clients) {
        record Entry(ReplayState.Znode node, boolean ghost, ReplayState.Ending ending) {
            long seq() {
                return node.shownSequence();
            }
        }
        List<Entry> entries = new ArrayList<>();
        for (ReplayState.Znode z : s.znodes().values()) {
            entries.add(new Entry(z, false, null));
        }
        for (ReplayState.Ghost g : s.thisLine().ghosts()) {
            if (!s.znodes().containsKey(g.node().path())) { // the naive lock's node back: the live card wins
                entries.add(new Entry(g.node(), true, g.ending()));
            }
        }
        // A node below a directory of its own under the lock path (a multi-lock's A and B, Curator's semaphore's leases
        // and locks) is drawn in that directory's tree: the directory first, then its nodes in sequence order.
        Set<String> directories = new HashSet<>();
        for (Entry e : entries) {
            String group = groupOf(s.lockPath(), e.node().path());
            if (!group.isEmpty()) {
                directories.add(group);
            }
        }
        entries.sort(Comparator.comparing((Entry e) -> groupOf(s.lockPath(), e.node().path(), directories))
                .thenComparing(e -> !isHeader(s.lockPath(), e.node().path(), directories))
                .thenComparingLong(Entry::seq).thenComparing(e -> label(e.node().name())));
        boolean single = entries.size() == 1 && entries.get(0).seq() < 0;
        // Pinned when every card's owner has one card and the owners run down the rows in card order.
        boolean pinned = true;
        int last = -1;
        Set<String> owners = new HashSet<>();
        for (Entry e : entries) {
            int row = clients.indexOf(e.node().owner());
            if (row <= last || !owners.add(e.node().owner())) {
                pinned = false;
                break;
            }
            last = row;
        }
        List<Card> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            ReplayState.Znode z = e.node();
            ReplayState.ClientView owner = s.client(z.owner());
            // held through its own node by a holder in a live session; a zombie's card is not a held one, nor a
            // container its creator made as a parent of lock nodes (Curator's semaphore: leases/, locks/)
            boolean held = !e.ghost() && owner.believesItHolds() && !owner.isStaleHolder()
                    && z.mode() != org.apache.zookeeper.CreateMode.CONTAINER;
            boolean tagShown = !z.protection().isEmpty() && s.thisLine().lostCalls().stream()
                    .anyMatch(c -> c.op() == Event.Op.CREATE && c.client().equals(z.owner()));
            out.add(new Card(z.path(), label(z.name()), e.seq(), z.owner(), z.kind(), z.isEphemeral(), held, e.ghost(),
                    e.ending(), z.protection(), tagShown, single ? -1 : pinned ? clients.indexOf(z.owner()) : i,
                    groupOf(s.lockPath(), z.path(), directories), isHeader(s.lockPath(), z.path(), directories)));
        }
        return out;
    }

    /** The first name below the lock path of a node two or more levels down ("A" of /locks/x/A/lock-1), else "". */
    private static String groupOf(String lockPath, String path) {
        String below = path.startsWith(lockPath + "/") ? path.substring(lockPath.length() + 1) : "";
        int slash = below.indexOf('/');
        return slash < 0 ? "" : below.substring(0, slash);
    }

    /** The group of a node: its directory's name, or its own name when it is that directory. */
    private static String groupOf(String lockPath, String path, Set<String> directories) {
        String group = groupOf(lockPath, path);
        return !group.isEmpty() ? group : isHeader(lockPath, path, directories) ? nameBelow(lockPath, path) : "";
    }

    private static boolean isHeader(String lockPath, String path, Set<String> directories) {
        return groupOf(lockPath, path).isEmpty() && directories.contains(nameBelow(lockPath, path));
    }

    private static String nameBelow(String lockPath, String path) {
        return path.startsWith(lockPath + "/") ? path.substring(lockPath.length() + 1) : path;
    }

    private static Row row(ReplayState s, ReplayState.ClientView c, Servers servers, boolean flagged) {
        ReplayState.Znode own = s.nodeOf(c.name());
        String watching = c.state() == Event.State.WAITING ? c.watching() : "";
        boolean children = !watching.isEmpty() && watching.equals(s.lockPath());
        int server = s.ensemble().serverOf(c.name());
        Row.Key key = !c.believesItHolds() ? Row.Key.NONE : c.isStaleHolder() ? Row.Key.HOLLOW : Row.Key.HELD;
        Row.Look look = look(s, c, server, servers);
        // gone and not heard of because nothing can reach it (a connected client hears within the line)
        boolean unreachable = look == Row.Look.CUT_OFF || look == Row.Look.NO_SERVER || look == Row.Look.PAUSED;
        String watchedGroup = groupOf(s.lockPath(), watching);
        return new Row(c.name(), c.state(), modeOf(c.mode()), key, look, watching,
                children || watching.isEmpty() ? ""
                        : (watchedGroup.isEmpty() ? "" : watchedGroup + " ") + nodeLabel(s, watching), children,
                unreachable && !watching.isEmpty() && !children && !s.znodes().containsKey(watching),
                ownLabel(s, c.name(), own), c.woken(), c.holds(), c.connection(), c.session(), c.sessionAlive(),
                c.paused(), server, flagged);
    }

    private static Row.Look look(ReplayState s, ReplayState.ClientView c, int server, Servers servers) {
        if (c.state() == Event.State.CRASHED) {
            return Row.Look.CRASHED;
        }
        if (c.isStaleHolder()) {
            return Row.Look.ZOMBIE;
        }
        if (!c.sessionAlive() || c.connection() == Event.ConnectionState.EXPIRED
                || c.state() == Event.State.EXPIRED) {
            return c.connection() == Event.ConnectionState.CLOSED ? Row.Look.CLOSED : Row.Look.EXPIRED;
        }
        if (c.connection() == Event.ConnectionState.CLOSED) {
            return Row.Look.CLOSED;
        }
        if (c.paused()) {
            return Row.Look.PAUSED;
        }
        if (c.connection() == Event.ConnectionState.DISCONNECTED) {
            return Row.Look.CUT_OFF;
        }
        boolean served = servers.boxes().stream()
                .filter(b -> b.number() == server).findFirst().map(Servers.Box::serving).orElse(servers.running());
        return served ? Row.Look.HEALTHY : Row.Look.NO_SERVER;
    }

    private static Servers servers(ReplayState s) {
        EnsembleView ensemble = s.ensemble();
        List<Servers.Box> boxes = new ArrayList<>();
        if (ensemble.isEnsemble()) {
            boolean led = ensemble.leader() != 0;
            for (int n : ensemble.roles().keySet()) {
                Event.Role role = ensemble.role(n);
                boxes.add(new Servers.Box(n, role,
                        led && (role == Event.Role.LEADER || role == Event.Role.FOLLOWER)));
            }
        } else {
            boxes.add(new Servers.Box(0, null, s.serverRunning()));
        }
        return new Servers(boxes, s.serverRunning(), s.thisLine().serversBack(), s.serverRestarts());
    }

    private static List<Pulse> pulses(ReplayState s) {
        return s.thisLine().pulses().stream().map(p -> new Pulse(p.client(), p.path(), p.type(), p.stray())).toList();
    }

    private static Counters counters(ReplayState s) {
        ReplayState.Counters c = s.counters();
        return new Counters(c.acquisitions(), c.notifications(), c.futileWakeups(), c.totalCalls());
    }

    private static WriteMark write(ReplayState s) {
        Event.Write w = s.thisLine().write();
        ReplayState.Resource r = s.resource();
        return w == null
                ? new WriteMark(false, "", -1, true, -1, r.lastWriter(), r.lastToken(), r.accepted(), r.refused(),
                        false)
                : new WriteMark(true, w.client(), w.token(), w.accepted(), s.thisLine().acceptedBefore(),
                        r.lastWriter(), r.lastToken(), r.accepted(), r.refused(), s.zombies().contains(w.client()));
    }

    private static Holders holders(ReplayState s) {
        List<String> live = s.realHolders();
        boolean readers = live.stream().allMatch(h -> LockMode.READ.label().equals(s.client(h).mode()));
        boolean tooMany = s.isSemaphore() ? live.size() > s.permits() : live.size() > 1 && !readers;
        return new Holders(live, s.zombies(), tooMany, s.permits());
    }

    private static LockMode modeOf(String label) {
        for (LockMode m : LockMode.values()) {
            if (m.label().equals(label)) {
                return m;
            }
        }
        return null;
    }

    /**
     * A node's short label: "#2 c3" (sequence number and owner) for a sequential node, its name otherwise ("lock").
     * A path the state no longer holds is labelled from its name.
     */
    public static String nodeLabel(ReplayState s, String path) {
        ReplayState.Znode z = s.znodes().get(path);
        if (z != null) {
            long seq = z.shownSequence();
            return seq >= 0 ? "#" + seq + " " + z.owner() : label(z.name());
        }
        String name = label(path);
        long seq = ReplayState.Znode.sequenceOf(name);
        return seq >= 0 ? "#" + seq : name;
    }

    /**
     * A client's own node as its row names it: "#2"; or, for a lock whose nodes live in trees of their own (a
     * multi-lock's A and B), each of its nodes with its tree's name ("A #0, B #1"), so the row says which lock it
     * holds or waits in.
     */
    private static String ownLabel(ReplayState s, String client, ReplayState.Znode own) {
        List<String> grouped = new ArrayList<>();
        for (ReplayState.Znode z : s.znodes().values()) {
            String group = groupOf(s.lockPath(), z.path());
            if (z.owner().equals(client) && !group.isEmpty()) {
                grouped.add(group + " " + shortLabel(z));
            }
        }
        return !grouped.isEmpty() ? String.join(", ", grouped) : own == null ? "" : shortLabel(own);
    }

    /** "#2" for a sequential node, its name otherwise. */
    private static String shortLabel(ReplayState.Znode z) {
        long seq = z.shownSequence();
        return seq >= 0 ? "#" + seq : label(z.name());
    }

    /** The last segment of a path without its protection tag (the card's owner line names the creator instead). */
    public static String label(String path) {
        return ReplayState.Znode.labelOf(path);
    }
}
