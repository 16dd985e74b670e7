package lockstep.simulator.replay;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.ReadWrite;
import lockstep.simulator.trace.Event;

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
 * @param narration     the latest {@code say:} text, from its line through the line it announces (the next one, with
 *                      its repetitions when a {@code repeat} runs it); "" before any and once another line starts,
 *                      since what it said may no longer hold
 * @param narrationBefore the narration was said before the current line: the line may have changed what it says,
 *                      so a picture shows it as said before this line
 * @param lockPath      the lock's path
 * @param permits       how many clients the lock admits at once: 1 for a mutex (readers share a read/write lock all
 *                      the same), N for a semaphore
 * @param znodes        the znodes under the lock path, by path, in sequence order for sequential children
 * @param watches       the watches each client holds, in the order they were set: the server's; while a client's
 *                      connection is down, its client library's, which sets them again when it reconnects (the server
 *                      drops a closed connection's watches; see the frame's parked arrows)
 * @param clients       every client in scenario order
 * @param holders       the clients that believe they hold the lock (their lock API says so), in grant order; a holder
 *                      whose session has ended is still listed: see {@link ClientView#isStaleHolder()}
 * @param serverRunning false while the servers are stopped
 * @param resource      the protected resource clients write to
 * @param counters      running totals
 * @param ensemble      the servers of an ensemble and each client's server ({@link EnsembleView#NONE} on one server)
 * @param serverRestarts how many times the servers (or one of them) were restarted or started again so far
 * @param thisLine      what the current script line has done so far: its notifications, deletions, grants, faults
 * @param locks         the scenario's named locks, each at {@code lockPath/NAME} (empty: the one lock at lockPath)
 */
public record ReplayState(int index, int step, int line, String scriptText, String narration,
                          boolean narrationBefore, String lockPath, int permits,
                          SortedMap<String, Znode> znodes, List<Watch> watches, Map<String, ClientView> clients,
                          List<String> holders, boolean serverRunning, Resource resource, Counters counters,
                          EnsembleView ensemble, int serverRestarts, ThisLine thisLine, List<String> locks) {

    /**
     * A znode under the lock path. {@code sequence} is -1 without a sequence number; {@code kind} is the lock mode the
     * node stands for, read from the node's own name (a read node stays a read node when its owner goes on to ask for
     * the write lock); {@code protection} its protection tag ("" for none).
     */
    public record Znode(String path, String name, long sequence, String owner, CreateMode mode, LockMode kind,
                        String protection) {

        public boolean isEphemeral() {
            return mode.isEphemeral();
        }

        /**
         * The number a picture shows: the node's sequence number, or the one its name carries though ZooKeeper did not
         * append it (Curator's read node of a downgrade copies its write node's), or -1.
         */
        public long shownSequence() {
            return sequence >= 0 ? sequence : sequenceOf(name);
        }

        /** The sequence number at the end of a node's name, or -1 when it has none. */
        public static long sequenceOf(String name) {
            return lockstep.algorithms.NodeName.isSequential(name)
                    ? lockstep.algorithms.NodeName.parse(name).sequence() : -1;
        }

        /** A path's last segment without its protection tag (a picture names the creator instead). */
        public static String labelOf(String path) {
            int slash = path.lastIndexOf('/');
            String last = slash < 0 ? path : path.substring(slash + 1);
            return last.startsWith("_c_") && last.indexOf('-') > 0 ? last.substring(last.indexOf('-') + 1) : last;
        }

        /** The lock mode a node's name stands for: a read or write node of a shared lock, else exclusive. */
        public static LockMode kindOf(String name) {
            // Lockstep's read/write recipe writes "read-"/"write-", Curator's "__READ__"/"__WRIT__".
            if (name.contains("__READ__") || name.contains(ReadWrite.READ)) {
                return LockMode.READ;
            }
            if (name.contains("__WRIT__") || name.contains(ReadWrite.WRITE)) {
                return LockMode.WRITE;
            }
            return LockMode.EXCLUSIVE;
        }
    }

    /**
     * What the current script line has done so far, up to the state's event: reset at every script line. The pictures
     * draw its notifications as pulses and its deletions as ghosts; the captions and the tally say it in words.
     *
     * @param start     the index of the line's script-line event (0 before the first line)
     * @param pulses    the notifications delivered in it, strays included, in order
     * @param ghosts    the lock nodes deleted in it, in order (the latest deletion of a path; the naive lock's node may
 *                  be back already: a picture then draws the live node)
     * @param woken     the clients a notification reached in it, in order (a stray's receiver is not woken)
     * @param grants    the clients that got the lock in it, in order
     * @param requested the clients that started asking for the lock in it (not woken ones re-checking)
     * @param gaveUp    the clients that gave up asking in it
     * @param gaveBackOne the clients that gave back one of several holds in it and still hold (a reentrant release)
     * @param faults    the faults applied in it, as the replay understood them
     * @param lostCalls calls in it that failed for a lost connection (the client saw connection-loss)
     * @param calls     the calls made in it after its first lost call (to tell a call made again from one found
     *                  again); empty while no call was lost
     * @param write     its latest write to the protected resource, or null
     * @param acceptedBefore the token of the last write accepted before {@code write} (-1 when none or no write)
     * @param serversBack whether servers came back in it: restarted, or started again after a stop
     */
    public record ThisLine(int start, List<Pulse> pulses, List<Ghost> ghosts, List<String> woken, List<Grant> grants,
                           List<String> requested, List<String> gaveUp, List<String> gaveBackOne,
                           List<FaultNote> faults, List<Event.Call> lostCalls,
                           List<Event.Call> calls, Event.Write write, long acceptedBefore, ServersBack serversBack) {
    }

    /** Whether servers came back in a script line. */
    public enum ServersBack {
        NO, RESTARTED, STARTED_AGAIN
    }

    /** A notification delivered to {@code client}; a {@code stray} one arrives for a watch the client took back. */
    public record Pulse(int index, String client, String path, EventType type, boolean stray) {
    }

    /** How a lock node came to be deleted. */
    public enum Ending {
        /** Its owner released the lock (it held it, or had just released it). */
        RELEASE,
        /** Its owner stopped asking (gave up, or timed out) and removed its request. */
        GIVE_UP,
        /** Its owner's session ended: the server removed the ephemeral node. */
        SESSION_ENDED,
        /** Another client deleted it. */
        DELETED_BY_ANOTHER
    }

    /** A lock node deleted in this line, drawn as an outline: the node as it was, and how it ended. */
    public record Ghost(int index, Znode node, Ending ending, String by) {
    }

    /**
     * A client got the lock. {@code jumpedAhead} are the clients that started asking before it and were still asking
     * at that moment; {@code zombie} says its handle only counted a hold up in a session that has ended;
     * {@code asked} whether it was asking until then (a holder's reentrant acquire holds on without asking);
     * {@code waitedSteps} the script steps from its request's start to the grant (0 when it did not ask).
     */
    public record Grant(int index, String client, List<String> jumpedAhead, boolean zombie, boolean asked,
                        int waitedSteps) {
    }

    /** Where a crashed client's lock node went: it had none, it goes with the session, or it stays (persistent). */
    public enum NodeFate {
        NO_NODE, GOES, STAYS
    }

    /**
     * A fault as the replay understood it when it was applied.
     *
     * @param kind       its registry name ({@code server-kill})
     * @param client     the client it hit ("" for the servers)
     * @param server     the server it names (0 for none or all)
     * @param wasLeader  the server it names led the ensemble just before
     * @param serverWasUp the server it names was running just before
     * @param fromServer for a move: the server the client left (0 otherwise)
     * @param nodeFate   for a crash: what becomes of the client's lock node
     * @param detail     the fault's sentence as recorded (for a fault the window has no words for)
     */
    public record FaultNote(int index, String kind, String client, int server, boolean wasLeader, boolean serverWasUp,
                            int fromServer, NodeFate nodeFate, String detail) {
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
     * @param threw        its lock code threw (a user's lock): it is idle since, its request or release ended by an
     *                     error, not by the lock
     */
    public record ClientView(String name, State state, String mode, String watching, boolean woken,
                             ConnectionState connection, int session, int lockSession, boolean sessionAlive,
                             boolean paused, int holds, boolean threw) {

        /** A client that has not started yet: idle, connected, first session alive. */
        public static ClientView initial(String name) {
            return new ClientView(name, State.IDLE, "", "", false, ConnectionState.CONNECTED, 1, 0, true, false, 0,
                    false);
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

        /** It asks for the lock: requesting or waiting. */
        public boolean isAsking() {
            return state == State.REQUESTING || state == State.WAITING;
        }

        ClientView withState(State newState, String newMode, String newWatching) {
            int held = newState == State.HOLDING && state != State.HOLDING ? session : lockSession;
            return new ClientView(name, newState, newMode, newWatching, woken, connection, session, held,
                    sessionAlive, paused, newState == State.HOLDING ? holds : 0, threw && newState == State.IDLE);
        }

        ClientView withHolds(int newHolds) {
            return new ClientView(name, state, mode, watching, woken, connection, session, lockSession, sessionAlive,
                    paused, newHolds, threw);
        }

        ClientView withWoken(boolean newWoken) {
            return new ClientView(name, state, mode, watching, newWoken, connection, session, lockSession,
                    sessionAlive, paused, holds, threw);
        }

        ClientView withConnection(ConnectionState newConnection, int newSession, boolean alive) {
            return new ClientView(name, state, mode, watching, woken, newConnection, newSession, lockSession, alive,
                    paused, holds, threw);
        }

        ClientView withSessionAlive(boolean alive) {
            return new ClientView(name, state, mode, watching, woken, connection, session, lockSession, alive,
                    paused, holds, threw);
        }

        ClientView withThrew() {
            return new ClientView(name, state, mode, watching, woken, connection, session, lockSession,
                    sessionAlive, paused, holds, true);
        }

        ClientView withPaused(boolean newPaused) {
            return new ClientView(name, state, mode, watching, woken, connection, session, lockSession,
                    sessionAlive, newPaused, holds, threw);
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

    /** The holders that really hold the lock: their session is the one they got it in. */
    public List<String> realHolders() {
        return holders.stream().filter(h -> !client(h).isStaleHolder()).toList();
    }

    /** Permits no live holder has: a semaphore's room for more holders (0 when full, or over-full). */
    public int freePermits() {
        return Math.max(0, permits - realHolders().size());
    }

    /**
     * On a semaphore with a permit free, the clients waiting beside it that could take it: waiting, running (not
     * paused), in a live session; in client order. Empty when no permit is free, and on a lock of one holder. At a
     * settled point each is a waiter nobody told of the free permit (the idle permit of a semaphore that watches one
     * node too few).
     */
    public List<String> waitersBesideAFreePermit() {
        if (!isSemaphore() || freePermits() == 0) {
            return List.of();
        }
        return clients.values().stream()
                .filter(c -> c.state() == State.WAITING && c.sessionAlive() && !c.paused())
                .map(ClientView::name).toList();
    }

    /** True for a lock that admits more than one holder at once: a semaphore. */
    public boolean isSemaphore() {
        return permits > 1;
    }

    /** The holders whose session has ended: they only believe they hold the lock (zombies). */
    public List<String> zombies() {
        return holders.stream().filter(h -> client(h).isStaleHolder()).toList();
    }

    // ---- named locks: who holds which, who waits for which, and the cycles of waiting (issue 21) ------------------

    /** The path of named lock {@code lock}. */
    public String pathOf(String lock) {
        return lockPath + "/" + lock;
    }

    /** The named lock {@code path} lies under (the lock's own path or a node beneath it), or "" for none. */
    public String lockOf(String path) {
        for (String lock : locks) {
            String own = pathOf(lock);
            if (path.equals(own) || path.startsWith(own + "/")) {
                return lock;
            }
        }
        return "";
    }

    /**
     * Who holds named lock {@code lock} now: the owner of the first request node (an ephemeral one) in its queue, as
     * the server orders it; "" when nobody queues for it. A multi-lock's client holds each of its locks this way
     * before its lock API says it holds them all.
     */
    public String holderOf(String lock) {
        for (Znode z : znodes.values()) {
            if (z.isEphemeral() && !z.owner().isEmpty() && lockOf(z.path()).equals(lock)
                    && !z.path().equals(pathOf(lock))) {
                return z.owner();
            }
        }
        return "";
    }

    /** The named locks {@code client} holds now (see {@link #holderOf}), in the scenario's order. */
    public List<String> locksHeldBy(String client) {
        return locks.stream().filter(lock -> holderOf(lock).equals(client)).toList();
    }

    /**
     * One edge of the waits-for graph: {@code client} waits for named lock {@code lock}, which {@code holder} holds.
     */
    public record WaitsFor(String client, String lock, String holder) {
    }

    /**
     * What {@code client} waits for: the named lock of the node it watches while it waits, and that lock's holder
     * (another client); empty when it does not wait, watches no named lock, or the lock has no other holder.
     */
    public java.util.Optional<WaitsFor> waitsFor(String client) {
        ClientView view = client(client);
        if (view.state() != Event.State.WAITING || view.watching().isEmpty()) {
            return java.util.Optional.empty();
        }
        String lock = lockOf(view.watching());
        String holder = lock.isEmpty() ? "" : holderOf(lock);
        return holder.isEmpty() || holder.equals(client) ? java.util.Optional.empty()
                : java.util.Optional.of(new WaitsFor(client, lock, holder));
    }

    /**
     * A cycle of the waits-for graph (each client in it waits for a lock held by the next, the last for one held by
     * the first), starting at the first of its clients in scenario order; empty when there is none. The clients in it
     * wait for each other for ever: a deadlock. With several cycles, the one whose first client comes first.
     */
    public List<WaitsFor> deadlockCycle() {
        for (String start : clients.keySet()) {
            List<WaitsFor> path = new java.util.ArrayList<>();
            List<String> seen = new java.util.ArrayList<>();
            String at = start;
            while (!seen.contains(at)) {
                seen.add(at);
                java.util.Optional<WaitsFor> edge = waitsFor(at);
                if (edge.isEmpty()) {
                    break;
                }
                path.add(edge.get());
                at = edge.get().holder();
            }
            if (at.equals(start) && !path.isEmpty()) {
                return List.copyOf(path);
            }
        }
        return List.of();
    }

    /** True when {@code client} is in a cycle of waiting ({@link #deadlockCycle()} or another). */
    public boolean isDeadlocked(String client) {
        String at = client;
        List<String> seen = new java.util.ArrayList<>();
        while (!seen.contains(at)) {
            seen.add(at);
            java.util.Optional<WaitsFor> edge = waitsFor(at);
            if (edge.isEmpty()) {
                return false;
            }
            at = edge.get().holder();
        }
        return at.equals(client);
    }

    /** The lock node {@code client} owns (the first in sequence order), or null. */
    public Znode nodeOf(String client) {
        for (Znode z : znodes.values()) {
            if (z.owner().equals(client)) {
                return z;
            }
        }
        return null;
    }

    /** The client's view, or a fresh one for a name the run does not know. */
    public ClientView client(String name) {
        ClientView view = clients.get(name);
        return view == null ? ClientView.initial(name) : view;
    }
}
