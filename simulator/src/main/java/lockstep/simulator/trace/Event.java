package lockstep.simulator.trace;

import java.util.List;

/**
 * One numbered entry of a trace: the single source from which every view, metric, checker and export is derived.
 *
 * <p>A trace is an append-only list of events. Event {@code i} always has {@link #index()} {@code == i}; the first event
 * of every trace is a {@link RunStarted} that carries the run's configuration. Nothing in an event comes from the wall
 * clock, from a server-assigned session id or from a random name part: clients are named, znodes are paths in which any
 * random part (a GUID, Curator's protection prefix) is written as its client's name. The JSON Lines form of every
 * event is documented in {@code docs/trace-format.md}.
 */
public sealed interface Event {

    /** Position of this event in its trace, from 0. */
    int index();

    /** The run's configuration: always event 0. */
    record RunStarted(int index, String scenario, String title, String algorithm, long seed, String lockPath,
                      List<String> clients) implements Event {
        public RunStarted {
            clients = List.copyOf(clients);
        }
    }

    /** A script line starts: {@code step} counts executed lines from 1, {@code line} is the line in the scenario file. */
    record ScriptLine(int index, int step, int line, String text) implements Event {
    }

    /** A {@code say:} line: the text the narration banner shows from here on. */
    record Narration(int index, String text) implements Event {
    }

    /**
     * A ZooKeeper call a client made, with its result. {@code result} is {@code "ok"} or the KeeperException code in
     * lower case ({@code "nodeexists"}, {@code "nonode"}, {@code "connectionloss"}, ...). {@code detail} is what the
     * algorithm learned: the created path, the sorted children, {@code "exists"}/{@code "absent"}; empty when nothing.
     */
    record Call(int index, String client, Op op, String path, boolean watch, String result, String detail)
            implements Event {
        public boolean ok() {
            return "ok".equals(result);
        }
    }

    /** A watch the server now holds for {@code client} on {@code path}. */
    record WatchSet(int index, String client, String path, WatchKind kind) implements Event {
    }

    /** A watch notification delivered to {@code client}; the watch is gone (ZooKeeper watches are one-shot). */
    record WatchFired(int index, String client, String path, String type) implements Event {
    }

    /** A znode appeared. {@code sequence} is -1 for a node without a sequence number. */
    record NodeCreated(int index, String path, long sequence, String owner, String mode) implements Event {
    }

    /** A znode disappeared: deleted by {@code by}, or with its owner's session ({@code reason} says which). */
    record NodeDeleted(int index, String path, String owner, String reason) implements Event {
    }

    /**
     * A client's lock state changed. {@code mode} is {@code "read"}, {@code "write"} or {@code "exclusive"} for
     * requesting and holding, {@code watching} the path a waiting client watches (empty otherwise).
     */
    record ClientState(int index, String client, State state, String mode, String watching) implements Event {
    }

    /** Something done to the system rather than by a client: a crash, a session expiry, a server restart. */
    record Fault(int index, String kind, String client, String detail) implements Event {
    }

    /** A checker finding: {@code at} is the event where it shows, {@code clients} those involved. */
    record Violation(int index, int at, String kind, List<String> clients, String message) implements Event {
        public Violation {
            clients = List.copyOf(clients);
        }
    }

    /** The run ended; {@code outcome} is {@code "completed"} or one line saying why it stopped. */
    record RunEnded(int index, String outcome) implements Event {
    }

    /** The ZooKeeper operations a client can make. */
    enum Op {
        CREATE("create"), DELETE("delete"), EXISTS("exists"), GET_DATA("getData"), GET_CHILDREN("getChildren"),
        SET_DATA("setData"), REMOVE_WATCHES("removeWatches");

        private final String label;

        Op(String label) {
            this.label = label;
        }

        /** The name used in traces, metrics and the CLI's JSON ({@code getChildren}). */
        public String label() {
            return label;
        }

        public static Op fromLabel(String label) {
            for (Op op : values()) {
                if (op.label.equals(label)) {
                    return op;
                }
            }
            throw new IllegalArgumentException("unknown operation '" + label + "'");
        }
    }

    /** What a watch waits for: data and exists watches fire on the node, child watches on its children. */
    enum WatchKind {
        DATA, EXISTS, CHILDREN
    }

    /** A client's lock state, as the window colours it. */
    enum State {
        IDLE, REQUESTING, WAITING, HOLDING, RELEASED, GAVE_UP, CRASHED, EXPIRED;

        /** The name used in traces ({@code gave-up}). */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }
}
