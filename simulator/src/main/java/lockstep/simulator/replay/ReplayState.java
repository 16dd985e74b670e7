package lockstep.simulator.replay;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import org.apache.zookeeper.CreateMode;

import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/**
 * Everything that is true of a run just after event {@link #index()}: the znodes, the watches, each client's state,
 * who holds the lock, the server, the fenced resource, the counters. Immutable; produced by
 * {@link ReplayModel#stateAt(int)} and {@link LiveReplay#state()}.
 *
 * @param index         the last event applied
 * @param step          the script line running (1-based count of executed lines; 0 before the first)
 * @param line          that line's line number in the scenario file (0 before the first)
 * @param scriptText    that line's text ("" before the first)
 * @param narration     the latest {@code say:} text, "" before any
 * @param lockPath      the lock's path
 * @param znodes        the znodes under the lock path, by path, in sequence order for sequential children
 * @param watches       the watches the server holds, in the order they were set
 * @param clients       every client in scenario order
 * @param holders       the clients that believe they hold the lock (their lock API says so), in grant order; a holder
 *                      whose session has ended is still listed: see {@link ClientView#isStaleHolder()}
 * @param serverRunning false while the servers are stopped
 * @param resource      the protected resource clients write to
 * @param counters      running totals
 * @param ensemble      the servers of an ensemble and each client's server ({@link EnsembleView#NONE} on one server)
 */
public record ReplayState(int index, int step, int line, String scriptText, String narration, String lockPath,
                          SortedMap<String, Znode> znodes, List<Watch> watches, Map<String, ClientView> clients,
                          List<String> holders, boolean serverRunning, Resource resource, Counters counters,
                          EnsembleView ensemble) {

    /** A znode under the lock path. {@code sequence} is -1 without a sequence number. */
    public record Znode(String path, String name, long sequence, String owner, CreateMode mode) {

        public boolean isEphemeral() {
            return mode.isEphemeral();
        }
    }

    /** A watch the server holds for a client. */
    public record Watch(String client, String path, lockstep.algorithms.session.WatchKind kind) {
    }

    /**
     * A client, as the client sees itself and as the server knows it.
     *
     * @param state        what the client's lock API says: waiting, holding, ...
     * @param mode         "read"/"write"/"exclusive" while it asks or holds, else ""
     * @param watching     the path a waiting client watches, or ""
     * @param woken        a notification reached it while it was asking for the lock, and it has neither waited again
     *                     nor got the lock since: it is re-checking. When it waits again the wake-up was futile.
     * @param connection   its connection as the client sees it
     * @param session      which session it is on (1 for its first; a client library that opens a new session after an
     *                     expiry counts up)
     * @param lockSession  the session it last got the lock in (0 before it ever held it)
     * @param sessionAlive what the server knows: false once the server ended its current session (crash, expiry),
     *                     until the client connects with a new one
     * @param paused       stopped by a {@code pause} fault: it makes no call and handles no event until resumed
     * @param holds        how many times it holds the lock (a reentrant acquire by the holder counts up, each release
     *                     counts down; a read and a write hold during a downgrade count one each); 0 unless holding
     */
    public record ClientView(String name, State state, String mode, String watching, boolean woken,
                             ConnectionState connection, int session, int lockSession, boolean sessionAlive,
                             boolean paused, int holds) {

        /** A client that has not started yet: idle, connected, first session alive. */
        public static ClientView initial(String name) {
            return new ClientView(name, State.IDLE, "", "", false, ConnectionState.CONNECTED, 1, 0, true, false, 0);
        }

        /** Its lock API says it holds the lock. */
        public boolean believesItHolds() {
            return state == State.HOLDING;
        }

        /**
         * It believes it holds the lock, but the session it got the lock in has ended (a zombie): the server has
         * deleted its node and may have granted the lock to another client.
         */
        public boolean isStaleHolder() {
            return believesItHolds() && (!sessionAlive || session != lockSession);
        }

        ClientView withState(State newState, String newMode, String newWatching) {
            int held = newState == State.HOLDING && state != State.HOLDING ? session : lockSession;
            return new ClientView(name, newState, newMode, newWatching, woken, connection, session, held,
                    sessionAlive, paused, newState == State.HOLDING ? holds : 0);
        }

        ClientView withHolds(int newHolds) {
            return new ClientView(name, state, mode, watching, woken, connection, session, lockSession, sessionAlive,
                    paused, newHolds);
        }

        ClientView withWoken(boolean newWoken) {
            return new ClientView(name, state, mode, watching, newWoken, connection, session, lockSession,
                    sessionAlive, paused, holds);
        }

        ClientView withConnection(ConnectionState newConnection, int newSession, boolean alive) {
            return new ClientView(name, state, mode, watching, woken, newConnection, newSession, lockSession, alive,
                    paused, holds);
        }

        ClientView withSessionAlive(boolean alive) {
            return new ClientView(name, state, mode, watching, woken, connection, session, lockSession, alive,
                    paused, holds);
        }

        ClientView withPaused(boolean newPaused) {
            return new ClientView(name, state, mode, watching, woken, connection, session, lockSession,
                    sessionAlive, newPaused, holds);
        }
    }

    /**
     * The protected resource: with fencing on it accepts a write only with a token at least as high as the last one
     * it accepted.
     *
     * @param fencing       whether it checks tokens (the scenario's {@code fencing:} key)
     * @param lastToken     the token of the last accepted write, -1 before any
     * @param lastWriter    the client of the last accepted write, "" before any
     * @param accepted      writes accepted so far
     * @param refused       writes refused so far
     */
    public record Resource(boolean fencing, long lastToken, String lastWriter, int accepted, int refused) {
    }

    /**
     * Running totals up to the state's index.
     *
     * @param acquisitions  grants so far
     * @param notifications watch notifications delivered
     * @param futileWakeups notifications after which the woken client went back to waiting
     * @param calls         ZooKeeper calls by operation label ({@code create}, {@code getChildren}, ...)
     * @param choices       scheduler choices recorded
     */
    public record Counters(int acquisitions, int notifications, int futileWakeups, Map<String, Integer> calls,
                           int choices) {

        public int totalCalls() {
            return calls.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** The client's view, or a fresh one for a name the run does not know. */
    public ClientView client(String name) {
        ClientView view = clients.get(name);
        return view == null ? ClientView.initial(name) : view;
    }
}
