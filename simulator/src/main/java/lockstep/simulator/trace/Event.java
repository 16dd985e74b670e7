package lockstep.simulator.trace;

import java.util.List;
import java.util.Locale;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.session.WatchKind;

/**
 * One numbered entry of a trace: the single source from which every view, metric, checker and export is derived.
 *
 * <p>A trace is an append-only list of events. Event {@code i} always has {@link #index()} {@code == i}; the first event
 * of every trace is a {@link RunStarted} that carries the run's configuration. Nothing in an event comes from the wall
 * clock, from a server-assigned session id or from a random name part: clients are named, znodes are paths in which any
 * random part (a GUID, Curator's protection prefix) is written as its client's name. The JSON Lines form of every
 * event is documented in {@code docs/trace-format.md}.
 *
 * <p>A trace holds what happened, never a verdict on it: findings are computed from the trace by the checker whenever a
 * trace is run, checked, rendered or opened, so a trace edited by hand shows its own findings everywhere.
 */
public sealed interface Event {

    /**
     * The version of the file format that {@code TraceFiles} writes and reads, in event 0's {@code format} field. 2 gave
     * faults, deletions and creations typed meaning (a fault's effect and server, a deletion's reason and deleter, a
     * create's protection tag) in place of sentences; a trace of another version is refused in one line that names it.
     */
    int FORMAT = 2;

    /** Position of this event in its trace, from 0. */
    int index();

    /**
     * The client the event is about, "" for none: the caller, the watcher, the faulted or writing client, and for a
     * znode its owner. A record with a {@code client} component answers with it.
     */
    default String client() {
        return "";
    }

    /** The znode path the event is about, "" for none. A record with a {@code path} component answers with it. */
    default String path() {
        return "";
    }

    /**
     * Dispatches on the event's type: {@code visitor}'s method for this type. A reader that must handle every type
     * implements {@link Visitor}, so a new type of event is a compile error in every such reader until it is handled.
     */
    <R> R accept(Visitor<R> visitor);

    /** One method per type of event: the compiler checks that a reader handles them all. */
    interface Visitor<R> {
        R runStarted(RunStarted e);

        R scriptLine(ScriptLine e);

        R narration(Narration e);

        R call(Call e);

        R watchSet(WatchSet e);

        R watchFired(WatchFired e);

        R strayNotification(StrayNotification e);

        R nodeCreated(NodeCreated e);

        R nodeDeleted(NodeDeleted e);

        R clientState(ClientState e);

        R fault(Fault e);

        R choice(Choice e);

        R connection(Connection e);

        R serverRole(ServerRole e);

        R clientServer(ClientServer e);

        R write(Write e);

        R runEnded(RunEnded e);
    }

    /**
     * The run's configuration: always event 0. {@code fencing} says whether the protected resource checks fencing
     * tokens (the scenario's {@code fencing:} key); {@code permits} how many clients the lock admits at once (1 for
     * a mutex; a semaphore's N, written to the trace only when more than 1); {@code locks} the scenario's named
     * locks, each at {@code lockPath/NAME} (written only when the scenario names some, so older traces stay as they
     * were). {@code scenarioDigest} is the scenario's {@code ScenarioDigest} ({@code sha256:...}) and
     * {@code lockstepVersion} the version of Lockstep that made the run: both "" in a trace written before they were
     * recorded (and in a trace made up without a scenario), and then not written.
     */
    record RunStarted(int index, String scenario, String title, String algorithm, long seed, String lockPath,
                      List<String> clients, boolean fencing, int permits, List<String> locks, String scenarioDigest,
                      String lockstepVersion) implements Event {

        /** A run whose header does not record its scenario's digest or Lockstep's version (an older trace). */
        public RunStarted(int index, String scenario, String title, String algorithm, long seed, String lockPath,
                          List<String> clients, boolean fencing, int permits, List<String> locks) {
            this(index, scenario, title, algorithm, seed, lockPath, clients, fencing, permits, locks, "", "");
        }

        /** A run of a lock with one permit. */
        public RunStarted(int index, String scenario, String title, String algorithm, long seed, String lockPath,
                          List<String> clients, boolean fencing) {
            this(index, scenario, title, algorithm, seed, lockPath, clients, fencing, 1);
        }

        /** A run of one lock ({@code locks} empty): the scenario names none. */
        public RunStarted(int index, String scenario, String title, String algorithm, long seed, String lockPath,
                          List<String> clients, boolean fencing, int permits) {
            this(index, scenario, title, algorithm, seed, lockPath, clients, fencing, permits, List.of());
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.runStarted(this);
        }
        public RunStarted {
            clients = List.copyOf(clients);
            locks = List.copyOf(locks);
            scenarioDigest = scenarioDigest == null ? "" : scenarioDigest;
            lockstepVersion = lockstepVersion == null ? "" : lockstepVersion;
        }

        /** This header with another digest and version ("" for none): a re-run compares what else it says. */
        public RunStarted withProvenance(String digest, String version) {
            return new RunStarted(index, scenario, title, algorithm, seed, lockPath, clients, fencing, permits, locks,
                    digest, version);
        }
    }

    /** A script line starts: {@code step} counts executed lines from 1, {@code line} is the line in the scenario file. */
    record ScriptLine(int index, int step, int line, String text) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.scriptLine(this);
        }
    }

    /** A {@code say:} line: the text the narration banner shows from here on. */
    record Narration(int index, String text) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.narration(this);
        }
    }

    /**
     * A ZooKeeper call a client made, with its result: {@link Code#OK} or the error the client saw (written in lower
     * case, {@code "nodeexists"}, {@code "connectionloss"}; {@code "systemerror"} stands for "no answer").
     * {@code detail} is what the algorithm learned: the created path, the sorted children, {@code "exists"} /
     * {@code "absent"}; empty when nothing.
     */
    record Call(int index, String client, Op op, String path, boolean watch, Code result, String detail)
            implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.call(this);
        }
        public boolean ok() {
            return result == Code.OK;
        }

        /** The result as traces write it ({@code "ok"}, {@code "nonode"}). */
        public String resultLabel() {
            return label(result);
        }
    }

    /** A watch the server now holds for {@code client} on {@code path}. */
    record WatchSet(int index, String client, String path, WatchKind kind) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.watchSet(this);
        }
    }

    /** A watch notification delivered to {@code client}; the watch is gone (ZooKeeper watches are one-shot). */
    record WatchFired(int index, String client, String path, EventType type) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.watchFired(this);
        }
    }

    /**
     * A notification the server sent to {@code client} for a watch the client had taken back: ZooKeeper's
     * {@code removeWatches} for one watcher only makes the client library forget it, the server keeps its watch until
     * it fires. It reaches the client, which no longer waits for it and drops it: part of what a lock costs.
     */
    record StrayNotification(int index, String client, String path, EventType type) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.strayNotification(this);
        }
    }

    /**
     * A znode appeared. {@code sequence} is -1 for a node without a sequence number; {@code protection} is the
     * protection tag its name starts with (Curator's {@code _c_<guid>-}, written {@code _c_<owner>-}), "" for none:
     * the tag is how a client that lost the create's reply finds its node again.
     */
    record NodeCreated(int index, String path, long sequence, String owner, CreateMode mode, String protection)
            implements Event {

        /** Its owner. */
        @Override
        public String client() {
            return owner;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.nodeCreated(this);
        }

        /** A node whose protection tag is read from its name. */
        public NodeCreated(int index, String path, long sequence, String owner, CreateMode mode) {
            this(index, path, sequence, owner, mode, protectionOf(path));
        }

        /** The protection tag a node's name starts with ({@code _c_c2-}), or "". */
        public static String protectionOf(String path) {
            String name = path.substring(path.lastIndexOf('/') + 1);
            int dash = name.indexOf('-');
            return name.startsWith("_c_") && dash > 3 ? name.substring(0, dash + 1) : "";
        }

        /** The mode as traces write it ({@code "ephemeral-sequential"}). */
        public String modeLabel() {
            return label(mode);
        }
    }

    /**
     * A znode disappeared: deleted by client {@code by}'s call, or with its owner's session ({@code reason} says which;
     * {@code by} is "" when no client deleted it).
     */
    record NodeDeleted(int index, String path, String owner, Deletion reason, String by) implements Event {

        /** Its owner. */
        @Override
        public String client() {
            return owner;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.nodeDeleted(this);
        }

        /** The reason as traces write it ({@code "session-expired"}). */
        public String reasonLabel() {
            return label(reason);
        }
    }

    /** Why a znode disappeared. */
    enum Deletion {
        /** A client's delete call removed it. */
        DELETED,
        /** Its owner's session was closed (the client crashed or closed it): ephemeral nodes go with it. */
        SESSION_CLOSED,
        /** The server expired its owner's session: ephemeral nodes go with it. */
        SESSION_EXPIRED
    }

    /**
     * A client's lock state changed, as the client itself sees it (what its lock API says). {@code mode} is the mode
     * it asks for or holds (null when it neither asks nor holds); {@code watching} the path a waiting client watches
     * (empty otherwise).
     */
    record ClientState(int index, String client, State state, LockMode mode, String watching) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.clientState(this);
        }

        /** The mode as traces write it: {@code "read"}, {@code "write"}, {@code "exclusive"}, or "" for none. */
        public String modeLabel() {
            return mode == null ? "" : mode.label();
        }
    }

    /**
     * Something done to the system rather than by a client's lock code: a fault from the fault registry
     * ({@code kind} is its name: {@code crash}, {@code disconnect}, {@code server-stop}, ...), or {@code error}: a
     * client's action failed. {@code effect} is what the fault itself changes in the run's state (its other effects are
     * recorded as events of their own: deletions, connections, server roles); {@code client} the client it hit ("" for
     * the servers); {@code server} the server it names (the one killed, restarted, isolated or moved to), 0 for none
     * or all. {@code detail} is a sentence for people: no reader takes meaning from it.
     */
    record Fault(int index, String kind, FaultEffect effect, String client, int server, String detail)
            implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.fault(this);
        }

        /** The effect as traces write it ({@code "ends-session"}). */
        public String effectLabel() {
            return label(effect);
        }
    }

    /** What a fault event itself changes in a run's state; everything else a fault does is recorded as other events. */
    enum FaultEffect {
        /** Nothing by itself: what it does shows in the events that follow (a cut link, a lost reply, a move). */
        NONE,
        /** The server ends the client's session: its watches go (its ephemeral nodes go as deletions of their own). */
        ENDS_SESSION,
        /** The client's process stops: it makes no call and handles no event. */
        PAUSES,
        /** A paused client carries on. */
        RESUMES,
        /** The servers stop: nobody is served. */
        STOPS_SERVERS,
        /** The stopped servers start again. */
        STARTS_SERVERS,
        /** The servers stop and start again within the fault: sessions reconnect. */
        RESTARTS_SERVERS
    }

    /**
     * A choice the scheduler made: the {@code options} open at that moment, in a fixed order (calls waiting at the
     * seam in client order, then notifications waiting to be delivered in client, path and type order), and the
     * position of the one it {@code taken}. A run records every point with two or more options; replaying these
     * events replays the run.
     */
    record Choice(int index, List<String> options, int taken) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.choice(this);
        }
        public Choice {
            // A run's options come as a delta on its previous choice (ChoiceOptions: immutable, bytes not kilobytes
            // a choice in a herd); any other list is copied.
            options = options instanceof ChoiceOptions ? options : List.copyOf(options);
            if (taken < 0 || taken >= options.size()) {
                throw new IllegalArgumentException("choice " + taken + " of " + options.size() + " options");
            }
        }

        /** The option taken, as written. */
        public String chosen() {
            return options.get(taken);
        }
    }

    /**
     * A client's connection to the servers changed, as the client saw it: {@code session} is the session's count for
     * this client (1 for its first; a client that reconnects after an expiry with a new session counts up).
     */
    record Connection(int index, String client, ConnectionState state, int session) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.connection(this);
        }
    }

    /**
     * A server of an ensemble changed its role: it leads, follows, looks for a leader (too few servers run to elect
     * one: it serves nobody) or is down. Runs on an ensemble write one per server after {@link RunStarted}, then one
     * at every change; a run on one server writes none. Who is elected is the servers' own decision (see
     * docs/ensembles.md).
     */
    record ServerRole(int index, int server, Role role) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.serverRole(this);
        }
    }

    /**
     * The server of an ensemble that a client's connection goes to, from now on (its network link forwards there).
     * Written for every client after the servers' roles at the start of an ensemble run, then at every move.
     */
    record ClientServer(int index, String client, int server) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.clientServer(this);
        }
    }

    /**
     * A client wrote to the protected resource while it believed it held the lock, sending its fencing
     * {@code token} (its lock node's sequence number, or the creation zxid of a node without one). {@code accepted}
     * says what the resource did; {@code detail} why, in words.
     */
    record Write(int index, String client, long token, boolean accepted, String detail) implements Event {

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.write(this);
        }
    }

    /** The run ended; {@code outcome} is {@code "completed"} or one line saying why it stopped. */
    record RunEnded(int index, String outcome) implements Event {

        /** How the outcome of a run that found no stable point starts: Lockstep's own failure, never the lock's. */
        public static final String STALLED = "stalled: ";
        /**
         * How the outcome of a run starts whose script stopped at a line that needs a holder while the clients wait
         * for each other (a deadlock, which the checker reports): the line number, then the cycle.
         */
        public static final String DEADLOCKED = "deadlocked at line ";

        /** True when the run stalled: the runner found no stable point, so how it ended says nothing of the lock. */
        public boolean stalled() {
            return outcome.startsWith(STALLED);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.runEnded(this);
        }
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

    /** A client's connection as the client sees it. */
    enum ConnectionState {
        /** Its session is established (first connect, or a new session after an expiry). */
        CONNECTED,
        /** It lost its connection; its session may still be alive on the server. */
        DISCONNECTED,
        /** It connected again and kept its session (watches are set again by the client library). */
        RECONNECTED,
        /** It learned that the server ended its session: its ephemeral nodes and watches are gone. */
        EXPIRED,
        /** Its session was closed: politely, or abruptly in a crash. */
        CLOSED;

        /** The name used in traces ({@code reconnected}). */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How traces write a ZooKeeper result code, a create mode or a watch kind: lower case, '-' between words. */
    static String label(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** What a server of an ensemble is doing. */
    enum Role {
        LEADER, FOLLOWER, LOOKING, DOWN;

        /** The name used in traces ({@code leader}). */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A client's lock state, as the window colours it. */
    enum State {
        IDLE, REQUESTING, WAITING, HOLDING, RELEASED, GAVE_UP, CRASHED, EXPIRED,
        /**
         * A holder gave back one of its holds and still holds the lock (a reentrant hold, or one side after a
         * downgrade); {@code mode} is what it still holds. A replay shows it as {@code HOLDING}, one hold fewer.
         */
        STILL_HOLDING;

        /** The name used in traces ({@code gave-up}). */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }
}
