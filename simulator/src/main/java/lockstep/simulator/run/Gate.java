package lockstep.simulator.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.zookeeper.Watcher.Event.KeeperState;

import lockstep.algorithms.session.Delivery;
import lockstep.algorithms.session.SeamListener;
import lockstep.algorithms.session.ZkCall;
import lockstep.algorithms.session.ZkResult;

/**
 * Where every client's calls and notifications stop until their turn: the seam side of lockstep mode.
 *
 * <p>The steps: a call waits in {@link #beforeCall} until the conductor lets it go ({@link #run}, which returns the
 * server's answer once {@link #afterCall} brought it); a watch notification waits in {@link #beforeDelivery} until
 * the conductor delivers it ({@link #deliver}; the step ends when {@link #afterDelivery} says its watcher returned).
 * The gate knows when the system is at a <em>stable point</em> (no call running, every notification the last change
 * must trigger has arrived, every busy client waiting at the gate or parked for a notification) and which
 * {@link Opening}s are open there ({@link #openOptions}). It decides nothing: the {@link Conductor} asks a scheduler.
 *
 * <p>Guarantees: the options come in one fixed order (calls in client order, then notifications by client, path and
 * type), so the same choices make the same run; a paused client is never offered; a stable point or an answer that
 * does not come within the stall timeout is reported as a {@link RunStalledException}, never waited for for ever.
 *
 * <p>A stable point is awaited on signals: every thread that can say it changed something the stable point depends
 * on does so under the gate's lock (a call arriving or returning, a notification arriving or handed over, a client
 * parking through the seam's {@link #parked}, an action ending through {@link #poke}). Only a client whose library
 * cannot say that it parked (Curator's waiter, which parks inside Curator's own {@code wait()}) is looked at again
 * every {@value #POLL_MICROS} µs while the stable point waits for it ({@link Stability#POLLING}). The design note
 * {@code docs/design/scheduling.md} tells why each rule is there.
 *
 * <p>Two quiescence rules, each learned the hard way (see the design note): a client just handed a notification
 * counts as busy until it next calls (Curator wakes its waiter through another thread, so for a moment the waiter still
 * looks parked); and a notification to a client that is itself waiting at the gate is held back until its call ran
 * (delivering it could block the client's event thread on a monitor the client holds).
 *
 * <p>Connection events never reach a lock's watchers (only the session's default watcher): a lock must not re-check at
 * a moment only the network chooses. The gate follows each client's connection state from them. A paused client's
 * calls and notifications are not offered and its connection events are held until it resumes. Calls and
 * notifications of a client out of the run (crashed) pass unrecorded.
 */
final class Gate implements SeamListener {

    /** How long a stable point may take before the run is declared stalled (a bug, never a normal outcome). */
    static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** How often to look again at threads that cannot say they parked (Curator's waiters). */
    static final long POLL_MICROS = 200;
    private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(POLL_MICROS);

    /** What a look at the system finds: a stable point, or how the next change will be noticed. */
    enum Stability {
        /** At a stable point: the open options may be taken. */
        STABLE,
        /** Not yet, and whatever is still to happen will signal the gate when it does. */
        AWAITING_A_SIGNAL,
        /** Not yet, and a client may park without being able to say so: the gate must look again. */
        POLLING
    }

    /** What the gate needs to know of each client to decide whether it is busy. */
    interface Busy {
        /** True while the client has an action running (an acquire, a release). */
        boolean hasActionRunning(String client);

        /** True while the client's thread is parked waiting for a notification. */
        boolean isParked(String client);

        /**
         * True when the client's library tells the seam when it parks ({@link SeamListener#parked}): then the gate
         * need not look at it again until something signals. False for Curator's waiters.
         */
        default boolean saysWhenItParks(String client) {
            return false;
        }

        /**
         * False when the notification goes to a watcher whose handle already holds the lock (another handle of the
         * client is the one acting): it wakes nobody, so the client owes no call for it.
         */
        default boolean isWokenBy(String client, lockstep.algorithms.session.Delivery delivery) {
            return true;
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ThreadLocal<Opening.Notification> delivering = new ThreadLocal<>();
    private final ThreadLocal<Boolean> heldBackInterrupt = ThreadLocal.withInitial(() -> false);
    private final List<String> clientOrder;
    /** Each client's place in the scenario's order: options are sorted by it at every step (O(1), not indexOf). */
    private final Map<String, Integer> rank = new HashMap<>();
    private final long stallNanos;

    // Guarded by lock.
    private final Map<String, Opening.Call> atGate = new HashMap<>();
    /** The calls at the gate in client order (one a client: its thread waits here), so no step sorts them. */
    private final TreeMap<Integer, Opening.Call> callsInOrder = new TreeMap<>();
    /**
     * The notifications waiting here, in the order options are offered (client, path, type, then arrival, as the
     * stable sort of a list did), kept sorted as they come and go instead of sorted at every step.
     */
    private final TreeMap<DeliveryKey, Opening.Notification> deliveries = new TreeMap<>();
    private final Map<Opening.Notification, DeliveryKey> deliveryKeys = new IdentityHashMap<>();
    private long arrivals;
    /** How many notifications wait here for each client (at most one, in fact: a client has one event thread). */
    private final Map<String, Integer> heldFor = new HashMap<>();
    /** Per client, how many of its owed notifications are still to come (entries of {@link #owed} above zero). */
    private final Map<String, Integer> stillOwedTo = new HashMap<>();
    /**
     * How many clients are owed a notification that can still come (none of theirs is held here, holding their event
     * thread): the stable point waits while this is above zero. Kept as {@link #owed} and the held ones change.
     */
    private int owedThatCanCome;
    /**
     * The clients a look must examine: every client, except those a look found settled in a way that lasts until
     * something the gate hears of (out of the run, no action running, waiting here with a call, parked and owing no
     * call). Whatever unsettles a client puts it back: its call let go, a notification handed to it, and anything
     * else (a settle starting, a fault, a connection event) puts every client back. So a look costs the clients that
     * changed, not all of them.
     */
    private final Set<String> toExamine = new LinkedHashSet<>();
    /**
     * Notifications handed to a watcher whose {@code process} has not returned yet: the one the conductor chose, and
     * the same notification on its way to the client's further watchers of it (part of the same step).
     */
    private final Set<Opening.Notification> handedOver = new HashSet<>();
    private final Map<WatchBook.Expected, Integer> owed = new HashMap<>();
    private final Set<String> owesACall = new HashSet<>();
    private final Set<String> outOfTheRun = new HashSet<>();
    private final Set<String> paused = new HashSet<>();
    /** Every connection event each client's session watcher was handed, in order. */
    private final Map<String, List<KeeperState>> connectionHistory = new HashMap<>();
    /** Clients whose session the server ended and who have no new one yet: their old watches may still fire. */
    private final Set<String> sessionEnded = new HashSet<>();
    private boolean scheduling;
    /** The call let go in this step, and the server's answer once it came (null until then). */
    private Opening.Call running;
    private ZkResult answer;
    /** The notification chosen in this step: further arrivals of it go on as part of the step. */
    private Opening.Notification chosenNotification;
    private Busy busy;

    Gate(List<String> clientOrder) {
        this(clientOrder, stallNanosFromSystem());
    }

    /**
     * The stall timeout: 30 s, or {@code -Dlockstep.stallSeconds=N} (a test of a user's lock that stalls on purpose
     * need not wait half a minute).
     */
    private static long stallNanosFromSystem() {
        return TimeUnit.SECONDS.toNanos(Long.getLong("lockstep.stallSeconds", TimeUnit.NANOSECONDS.toSeconds(STALL_NANOS)));
    }

    /** How long a stable point may take before the run is declared stalled. */
    long stallNanos() {
        return stallNanos;
    }

    /** A gate that declares the run stalled after {@code stallNanos} without a stable point or an answer. */
    Gate(List<String> clientOrder, long stallNanos) {
        this.stallNanos = stallNanos;
        this.clientOrder = List.copyOf(clientOrder);
        for (int i = 0; i < this.clientOrder.size(); i++) {
            rank.put(this.clientOrder.get(i), i);
        }
        toExamine.addAll(this.clientOrder);
    }

    /** Where a waiting notification stands among the options: client order, path, type, then arrival. */
    private record DeliveryKey(int rank, String path, String type, long arrival) implements Comparable<DeliveryKey> {

        private static final Comparator<DeliveryKey> ORDER = Comparator.comparingInt(DeliveryKey::rank)
                .thenComparing(DeliveryKey::path).thenComparing(DeliveryKey::type)
                .thenComparingLong(DeliveryKey::arrival);

        @Override
        public int compareTo(DeliveryKey other) {
            return ORDER.compare(this, other);
        }
    }

    /** Under lock: whether {@code client} is owed a notification that can still arrive. */
    private boolean owedOneThatCanCome(String client) {
        return stillOwedTo.containsKey(client) && !heldFor.containsKey(client);
    }

    /** Under lock: counts {@code client} in or out of {@link #owedThatCanCome} after a change made by {@code change}. */
    private void recount(String client, Runnable change) {
        boolean before = owedOneThatCanCome(client);
        change.run();
        boolean after = owedOneThatCanCome(client);
        if (before != after) {
            owedThatCanCome += after ? 1 : -1;
        }
    }

    /** Under lock: {@code delta} more (or fewer) of {@code expected} are owed. */
    private void oweMore(WatchBook.Expected expected, int delta) {
        recount(expected.client(), () -> {
            int before = owed.getOrDefault(expected, 0);
            int after = before + delta;
            owed.put(expected, after);
            if (before > 0 != after > 0) {
                stillOwedTo.merge(expected.client(), after > 0 ? 1 : -1, Gate::sumOrNull);
            }
        });
    }

    private static Integer sumOrNull(int a, int b) {
        return a + b == 0 ? null : a + b;
    }

    /** Under lock: the notification waits here, holding its client's event thread. */
    private void hold(Opening.Notification pending) {
        DeliveryKey key = new DeliveryKey(rank.getOrDefault(pending.client(), Integer.MAX_VALUE), pending.path(),
                pending.type().name(), arrivals++);
        deliveries.put(key, pending);
        deliveryKeys.put(pending, key);
        recount(pending.client(), () -> heldFor.merge(pending.client(), 1, Gate::sumOrNull));
    }

    /** Under lock: the notification no longer waits here. */
    private void unhold(Opening.Notification pending) {
        DeliveryKey key = deliveryKeys.remove(pending);
        if (key != null) {
            deliveries.remove(key);
            recount(pending.client(), () -> heldFor.merge(pending.client(), -1, Gate::sumOrNull));
        }
    }

    /** Under lock: the call waits here. */
    private void callArrives(Opening.Call pending) {
        atGate.put(pending.client(), pending);
        callsInOrder.put(rank.getOrDefault(pending.client(), Integer.MAX_VALUE), pending);
    }

    /** Under lock: {@code client}'s call no longer waits here. */
    private Opening.Call callLeaves(String client) {
        Opening.Call pending = atGate.remove(client);
        if (pending != null) {
            callsInOrder.remove(rank.getOrDefault(client, Integer.MAX_VALUE));
        }
        return pending;
    }

    /** Under lock: every client must be examined again by the next look. */
    private void examineEveryone() {
        toExamine.addAll(clientOrder);
    }

    /** {@code client} starts an action (an acquire, a release): the next look examines it. */
    void actionStarted(String client) {
        lock.lock();
        try {
            toExamine.add(client);
        } finally {
            lock.unlock();
        }
    }

    /** A settle begins (the script or a fault may have changed any client): the next look examines every client. */
    void lookAtEveryone() {
        lock.lock();
        try {
            examineEveryone();
        } finally {
            lock.unlock();
        }
    }

    /** From now on every call and notification waits for its turn. */
    void startScheduling(Busy clients) {
        lock.lock();
        try {
            this.busy = clients;
            scheduling = true;
        } finally {
            lock.unlock();
        }
    }

    /** Lets everything through, and everything held go: the run is over. */
    void stopScheduling() {
        lock.lock();
        try {
            scheduling = false;
            atGate.values().forEach(p -> p.go().countDown());
            atGate.clear();
            callsInOrder.clear();
            deliveries.values().forEach(p -> p.go().countDown());
            deliveries.clear();
            deliveryKeys.clear();
            heldFor.clear();
            owedThatCanCome = stillOwedTo.size();
            paused.clear();
            examineEveryone();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    // ---- the seam side: client threads and ZooKeeper event threads ------------------------------------------------

    @Override
    public void beforeCall(ZkCall call) throws InterruptedException {
        Opening.Call pending;
        lock.lock();
        try {
            if (!scheduling || outOfTheRun.contains(call.client())) {
                return;
            }
            pending = new Opening.Call(call);
            callArrives(pending);
            owesACall.remove(call.client());
            toExamine.add(call.client());
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        // The turn is awaited without giving in to an interrupt, and the call then runs with the interrupt held back:
        // a real ZooKeeper call sends its request before it notices an interrupt, so the server still applies it
        // (Curator's lock deletes its node with the thread's interrupt flag set after a give-up).
        boolean interrupted = false;
        while (true) {
            try {
                pending.go().await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted || Thread.interrupted()) {
            heldBackInterrupt.set(true);
        }
    }

    @Override
    public void afterCall(ZkCall call, ZkResult result) {
        if (heldBackInterrupt.get()) {
            heldBackInterrupt.remove();
            Thread.currentThread().interrupt();
        }
        lock.lock();
        try {
            if (running != null && running.call() == call) {
                answer = result;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Connection events reach only the session's default watcher, except the end of the session: a client library
     * that wakes its lock waiters when its session expires (Curator) must see that, and the moment is one the script
     * chose, not the network.
     */
    @Override
    public boolean forward(Delivery delivery) {
        return delivery.defaultWatcher() || delivery.isNotification()
                || delivery.event().getState() == KeeperState.Expired;
    }

    @Override
    public void beforeDelivery(Delivery delivery) throws InterruptedException {
        if (!delivery.isNotification()) {
            connectionEvent(delivery);
            return;
        }

        Opening.Notification pending;
        lock.lock();
        try {
            if (!scheduling || outOfTheRun.contains(delivery.client()) || delivery.isWatchRemoval()) {
                return;
            }
            if (sessionEnded.contains(delivery.client())) {
                // A watch of a session the server already ended: whether the server still sends it is a race
                // between its delete and its closing the connection. The run neither waits for nor records it.
                return;
            }
            pending = new Opening.Notification(delivery);
            oweMore(pending.expected(), -1);
            toExamine.add(delivery.client());
            if (chosenNotification != null && chosenNotification.expected().equals(pending.expected())) {
                // The notification the scheduler just chose, handed to another watcher of the same client: the client
                // library gives one event to each of its watchers on it in turn, on one thread. It goes on as part of
                // the chosen step: holding it would make a choice between watchers whose order is the library's.
                handedOver.add(pending);
                if (busy.hasActionRunning(delivery.client()) && busy.isWokenBy(delivery.client(), delivery)) {
                    owesACall.add(delivery.client());
                }
                pending.go().countDown();
            } else {
                hold(pending);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        delivering.set(pending);
        pending.go().await();
    }

    /** A connection event on its way to a watcher: held while its client is paused. */
    private void connectionEvent(Delivery delivery) throws InterruptedException {
        String client = delivery.client();
        lock.lock();
        try {
            while (scheduling && paused.contains(client)) {
                changed.await();
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void afterDelivery(Delivery delivery) {
        if (!delivery.isNotification() && delivery.defaultWatcher()) {
            // Noted once the session watcher has handled it, so a client that reacts to it (a waiter woken by the
            // end of its session) is already awake when the run looks for a stable point.
            lock.lock();
            try {
                connectionHistory.computeIfAbsent(delivery.client(), c -> new ArrayList<>())
                        .add(delivery.event().getState());
                examineEveryone();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
            return;
        }
        Opening.Notification pending = delivering.get();
        if (pending == null) {
            return;
        }
        delivering.remove();
        lock.lock();
        try {
            handedOver.remove(pending);
            toExamine.add(pending.client());
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void parked(String client) {
        poke();
    }

    // ---- the conductor side -----------------------------------------------------------------------------------------

    /** Something may have changed that the gate cannot see (an action finished): look again. */
    void poke() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Until it next calls or finishes, {@code client} counts as busy even if its thread looks parked. */
    void expectACall(String client) {
        lock.lock();
        try {
            owesACall.add(client);
            examineEveryone();
        } finally {
            lock.unlock();
        }
    }

    boolean isAtGate(String client) {
        lock.lock();
        try {
            return atGate.containsKey(client);
        } finally {
            lock.unlock();
        }
    }

    /** The client has crashed: from now on it is out of the run; what it still had at the gate goes through. */
    void takeOutOfTheRun(String client) {
        lock.lock();
        try {
            outOfTheRun.add(client);
            owesACall.remove(client);
            paused.remove(client);
            Opening.Call pending = callLeaves(client);
            if (pending != null) {
                pending.go().countDown();
            }
            for (Opening.Notification d : List.copyOf(deliveries.values())) {
                if (d.client().equals(client)) {
                    unhold(d);
                    d.go().countDown();
                }
            }
            recount(client, () -> {
                owed.keySet().removeIf(e -> e.client().equals(client));
                stillOwedTo.remove(client);
            });
            examineEveryone();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Stops or restarts offering a client's calls and notifications, and holds or releases its connection events. */
    void setPaused(String client, boolean pause) {
        lock.lock();
        try {
            if (pause) {
                paused.add(client);
            } else {
                paused.remove(client);
            }
            examineEveryone();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The notifications a change must deliver: the next stable point waits until they have arrived. */
    void owe(List<WatchBook.Expected> expected) {
        lock.lock();
        try {
            for (WatchBook.Expected e : expected) {
                if (!outOfTheRun.contains(e.client())) {
                    oweMore(e, 1);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** How many connection events {@code client}'s session watcher has been handed: to await the next one. */
    int connectionEvents(String client) {
        lock.lock();
        try {
            return connectionHistory.getOrDefault(client, List.of()).size();
        } finally {
            lock.unlock();
        }
    }

    /** The connection events {@code client}'s session watcher has been handed so far, in order (a copy). */
    List<KeeperState> connectionHistory(String client) {
        lock.lock();
        try {
            return List.copyOf(connectionHistory.getOrDefault(client, List.of()));
        } finally {
            lock.unlock();
        }
    }

    /** The server ended the client's session ({@code true}), or the client has a new one ({@code false}). */
    void setSessionEnded(String client, boolean ended) {
        lock.lock();
        try {
            if (ended) {
                sessionEnded.add(client);
            } else {
                sessionEnded.remove(client);
            }
            examineEveryone();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until {@code client}'s session watcher has been handed an event of {@code state} after its first
     * {@code seenBefore} events (counted, never slept for), and returns how many it had been handed up to and with
     * that one.
     */
    int awaitConnection(String client, int seenBefore, KeeperState state, String what) {
        long deadline = System.nanoTime() + stallNanos;
        lock.lock();
        try {
            while (true) {
                List<KeeperState> seen = connectionHistory.getOrDefault(client, List.of());
                for (int i = seenBefore; i < seen.size(); i++) {
                    if (seen.get(i) == state) {
                        return i + 1;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new RunStalledException(client + " " + what + ": no " + state + " event within "
                            + TimeUnit.NANOSECONDS.toSeconds(stallNanos) + " s (it saw " + seen + ")");
                }
                changed.awaitNanos(left); // afterDelivery signals each connection event it notes
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStalledException("interrupted");
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits for a stable point (or throws {@link RunStalledException}): on signals, and looking again every
     * {@value #POLL_MICROS} µs only while a client that cannot say it parked is what the stable point waits for.
     */
    void awaitStablePoint() {
        long deadline = System.nanoTime() + stallNanos;
        lock.lock();
        try {
            for (Stability now = stability(); now != Stability.STABLE; now = stability()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new RunStalledException("no stable point within "
                            + TimeUnit.NANOSECONDS.toSeconds(stallNanos) + " s: " + describeUnstable());
                }
                changed.awaitNanos(now == Stability.POLLING ? Math.min(POLL_NANOS, left) : left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStalledException("interrupted");
        } finally {
            lock.unlock();
        }
    }

    /** Whether the system is at a stable point now, and if not, whether the gate will be told when it changes. */
    Stability stability() {
        lock.lock();
        try {
            return lookNow();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Under lock. A call's answer, a notification's arrival and its watcher's return are each signalled by the thread
     * they happen on; a client that owes a call signals when it calls or its action ends. A busy client that is not
     * parked yet signals when it parks if its library says so; otherwise it has to be looked at again.
     */
    private Stability lookNow() {
        if (running != null && answer == null || !handedOver.isEmpty()) {
            return Stability.AWAITING_A_SIGNAL;
        }
        // A client's notifications travel one after another on its one event thread: while one is held here, the ones
        // behind it cannot arrive, and waiting for them would wait forever.
        if (owedThatCanCome > 0) {
            return Stability.AWAITING_A_SIGNAL;
        }
        Stability found = Stability.STABLE;
        for (Iterator<String> examined = toExamine.iterator(); examined.hasNext(); ) {
            String client = examined.next();
            if (outOfTheRun.contains(client) || !busy.hasActionRunning(client) || atGate.containsKey(client)) {
                examined.remove(); // settled until its call is let go, or a settle or a fault looks at everyone
                continue;
            }
            if (owesACall.contains(client) || busy.saysWhenItParks(client) && !busy.isParked(client)) {
                found = Stability.AWAITING_A_SIGNAL;
            } else if (!busy.isParked(client)) {
                return Stability.POLLING;
            } else {
                examined.remove(); // parked, owing no call: settled until a notification is handed to it
            }
        }
        return found;
    }

    /** Under lock. */
    private String describeUnstable() {
        if (running != null && answer == null) {
            return running.client() + "'s " + running.call().op() + " " + running.call().path() + " has no answer";
        }
        if (!handedOver.isEmpty()) {
            return "a notification to " + handedOver.iterator().next().client() + " is still being handled";
        }
        List<String> owedNow = owed.entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getKey().type() + " " + e.getKey().path() + " to " + e.getKey().client()).toList();
        if (!owedNow.isEmpty()) {
            return "notifications never arrived: " + owedNow;
        }
        return "clients neither called nor parked: " + clientOrder.stream()
                .filter(c -> !outOfTheRun.contains(c) && busy.hasActionRunning(c) && !atGate.containsKey(c)).toList();
    }

    /**
     * At a stable point: the calls that may run and the notifications that may be delivered now, in the fixed order
     * (calls in client order, then deliveries in client, path and type order). Paused clients offer nothing.
     */
    List<Opening> openOptions() {
        lock.lock();
        try {
            chosenNotification = null;
            List<Opening> open = new ArrayList<>();
            for (Opening.Call p : callsInOrder.values()) {
                if (!paused.contains(p.client())) {
                    open.add(p);
                }
            }
            for (Opening.Notification d : deliveries.values()) {
                if (!atGate.containsKey(d.client()) && !paused.contains(d.client())) {
                    open.add(d);
                }
            }
            return open;
        } finally {
            lock.unlock();
        }
    }

    /** Lets the call go and waits for its answer (signalled by {@link #afterCall}). */
    ZkResult run(Opening.Call pending) {
        lock.lock();
        try {
            callLeaves(pending.client());
            toExamine.add(pending.client());
            running = pending;
            answer = null;
        } finally {
            lock.unlock();
        }
        pending.go().countDown();
        long deadline = System.nanoTime() + stallNanos;
        lock.lock();
        try {
            while (answer == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new RunStalledException(pending.client() + "'s " + pending.call().op() + " "
                            + pending.call().path() + " got no answer");
                }
                changed.awaitNanos(left);
            }
            ZkResult result = answer;
            running = null;
            answer = null;
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStalledException("interrupted");
        } finally {
            lock.unlock();
        }
    }

    /** Hands the notification to its client's watcher; the next stable point waits until the watcher returned. */
    void deliver(Opening.Notification pending) {
        lock.lock();
        try {
            unhold(pending);
            toExamine.add(pending.client());
            chosenNotification = pending;
            handedOver.add(pending);
            if (busy.hasActionRunning(pending.client()) && busy.isWokenBy(pending.client(), pending.delivery())) {
                owesACall.add(pending.client());
            }
        } finally {
            lock.unlock();
        }
        pending.go().countDown();
    }

    /** At the end of a settle: arrivals nobody predicted are delivered by now and must not cancel a later debt. */
    void forgetSurplus() {
        lock.lock();
        try {
            owed.clear();
            stillOwedTo.clear();
            owedThatCanCome = 0;
        } finally {
            lock.unlock();
        }
    }
}
