package lockstep.simulator.replay;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import lockstep.simulator.trace.Event;

/**
 * Everything that is true of a run just after event {@link #index()}: the znodes, the watches, each client's state, who
 * holds the lock, the counters. Immutable; produced by {@link ReplayModel#stateAt(int)}.
 *
 * @param index      the last event applied
 * @param step       the script line running (1-based count of executed lines; 0 before the first)
 * @param line       that line's line number in the scenario file (0 before the first)
 * @param scriptText that line's text ("" before the first)
 * @param narration  the latest {@code say:} text, "" before any
 * @param lockPath   the lock's path
 * @param znodes     the znodes under the lock path, by path, in sequence order for sequential children
 * @param watches    the watches the server holds, in the order they were set
 * @param clients    every client in scenario order
 * @param holders    the clients holding the lock, in grant order
 * @param counters   running totals
 * @param findings   checker findings whose {@code at} is at or before {@code index}
 */
public record ReplayState(int index, int step, int line, String scriptText, String narration, String lockPath,
                          SortedMap<String, Znode> znodes, List<Watch> watches, Map<String, ClientView> clients,
                          List<String> holders, Counters counters, List<Event.Violation> findings) {

    /** A znode under the lock path. {@code sequence} is -1 without a sequence number; {@code mode} as in the trace. */
    public record Znode(String path, String name, long sequence, String owner, String mode) {
    }

    /** A watch the server holds for a client. */
    public record Watch(String client, String path, Event.WatchKind kind) {
    }

    /**
     * A client as the window draws it: state, mode ("read"/"write"/"exclusive" or ""), watched path or "", and
     * {@code woken}: a notification reached it while it waited and it has neither held the lock nor waited again since
     * (so it is re-checking; whether the wake-up was futile is known when it waits again).
     */
    public record ClientView(String name, Event.State state, String mode, String watching, boolean woken) {

        public ClientView(String name, Event.State state, String mode, String watching) {
            this(name, state, mode, watching, false);
        }

        /** The same client with {@code woken} set. */
        public ClientView asWoken() {
            return new ClientView(name, state, mode, watching, true);
        }
    }

    /**
     * Running totals up to the state's index.
     *
     * @param acquisitions  grants so far
     * @param notifications watch notifications delivered
     * @param futileWakeups notifications after which the woken client went back to waiting
     * @param calls         ZooKeeper calls by operation label ({@code create}, {@code getChildren}, ...)
     */
    public record Counters(int acquisitions, int notifications, int futileWakeups, Map<String, Integer> calls) {

        public int totalCalls() {
            return calls.values().stream().mapToInt(Integer::intValue).sum();
        }
    }
}
