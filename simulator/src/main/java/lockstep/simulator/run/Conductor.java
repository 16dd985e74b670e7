package lockstep.simulator.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.NodeName;
import lockstep.algorithms.session.Delivery;
import lockstep.algorithms.session.SeamListener;
import lockstep.algorithms.session.WatchKind;
import lockstep.algorithms.session.ZkCall;
import lockstep.algorithms.session.ZkOp;
import lockstep.algorithms.session.ZkResult;
import lockstep.simulator.trace.Event;

/**
 * Lockstep mode: lets the clients of a run reach the server one call at a time, in an order the seed chooses, and
 * writes down what happens as numbered events.
 *
 * <p>Every call a client makes stops at the seam ({@link #beforeCall}) until the conductor gives it its turn; every
 * watch notification stops there too until the conductor delivers it. The conductor acts only at a <em>stable
 * point</em>: no call running, every notification the last change must trigger has arrived (predicted from the
 * {@link WatchBook}: counted, never slept for), and every busy client is either waiting at the seam or parked waiting
 * for a notification. There it delivers pending notifications one by one in a fixed order (client, path, type), or,
 * when none is left, picks one of the waiting calls with the seeded random generator. Notifications to a client that
 * is itself waiting at the seam are kept until its call has run: delivering them could block its event thread on a
 * monitor that client holds (Curator calls getData inside {@code synchronized}).
 *
 * <p>Connection events reach only each session's default watcher, never a lock's watchers ({@link #forward}): a lock
 * must not re-check at a moment only the network chooses. Calls and notifications of a client that has crashed or
 * expired pass unrecorded: it is out of the run.
 */
final class Conductor implements SeamListener {

    /** How long a stable point may take before the run is declared stalled (a bug, never a normal outcome). */
    private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** How often to look again at threads that cannot say they parked (Curator's waiters). */
    private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    /** A call waiting at the seam for its turn. */
    private static final class PendingCall {
        final ZkCall call;
        final CountDownLatch go = new CountDownLatch(1);

        PendingCall(ZkCall call) {
            this.call = call;
        }
    }

    /** A notification waiting at the seam to be delivered. */
    private static final class PendingDelivery {
        final Delivery delivery;
        final CountDownLatch go = new CountDownLatch(1);
        volatile boolean done;

        PendingDelivery(Delivery delivery) {
            this.delivery = delivery;
        }

        String path() {
            return delivery.event().getPath() == null ? "" : delivery.event().getPath();
        }
    }

    /** What the conductor needs to know of each client to decide whether it is busy. */
    interface Busy {
        /** True while the client has an action running (an acquire, a release). */
        boolean hasActionRunning(String client);

        /** True while the client's thread is parked waiting for a notification. */
        boolean isParked(String client);
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ThreadLocal<PendingDelivery> delivering = new ThreadLocal<>();
    private final ThreadLocal<Boolean> heldBackInterrupt = ThreadLocal.withInitial(() -> false);

    private final TraceRecorder trace;
    private final WatchBook watches = new WatchBook();
    private final Random random;
    private final List<String> clientOrder;

    // Guarded by lock.
    private final Map<String, PendingCall> atSeam = new HashMap<>();
    private final List<PendingDelivery> deliveries = new ArrayList<>();
    private final Map<WatchBook.Expected, Integer> owed = new HashMap<>();
    private final Set<String> woken = new HashSet<>();
    private final Map<String, Integer> deliveredTo = new HashMap<>();
    private final Set<String> outOfTheRun = new HashSet<>();
    private boolean scheduling;
    private ZkCall running;
    private ZkResult runningResult;
    private PendingDelivery inDelivery;

    // Conductor thread only.
    private final Map<String, String> ownerOfNode = new HashMap<>();
    private final Map<String, String> ownerOfEphemeral = new HashMap<>();
    private final Map<String, String> lastWatched = new HashMap<>();
    private Busy busy;

    Conductor(TraceRecorder trace, long seed, List<String> clientOrder) {
        this.trace = trace;
        this.random = new Random(seed);
        this.clientOrder = List.copyOf(clientOrder);
    }

    /** From now on every call and notification waits for its turn. */
    void startScheduling(Busy busy) {
        this.busy = busy;
        lock.lock();
        try {
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
            atSeam.values().forEach(p -> p.go.countDown());
            atSeam.clear();
            deliveries.forEach(p -> p.go.countDown());
            deliveries.clear();
        } finally {
            lock.unlock();
        }
    }

    // ---- the seam side: called on client threads and ZooKeeper event threads --------------------------------------

    @Override
    public void beforeCall(ZkCall call) throws InterruptedException {
        PendingCall pending;
        lock.lock();
        try {
            if (!scheduling || outOfTheRun.contains(call.client())) {
                return;
            }
            pending = new PendingCall(call);
            atSeam.put(call.client(), pending);
            woken.remove(call.client());
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
                pending.go.await();
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
            if (running == call) {
                runningResult = result;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean forward(Delivery delivery) {
        return delivery.defaultWatcher() || delivery.isNotification();
    }

    @Override
    public void beforeDelivery(Delivery delivery) throws InterruptedException {
        PendingDelivery pending;
        lock.lock();
        try {
            if (!scheduling || outOfTheRun.contains(delivery.client()) || !delivery.isNotification()
                    || delivery.isWatchRemoval()) {
                return;
            }
            pending = new PendingDelivery(delivery);
            deliveries.add(pending);
            owed.merge(new WatchBook.Expected(delivery.client(), pending.path(), delivery.event().getType()), -1,
                    Integer::sum);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        delivering.set(pending);
        pending.go.await();
    }

    @Override
    public void afterDelivery(Delivery delivery) {
        PendingDelivery pending = delivering.get();
        if (pending == null) {
            return;
        }
        delivering.remove();
        lock.lock();
        try {
            pending.done = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void parked(String client) {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    // ---- the conductor side ---------------------------------------------------------------------------------------

    /** Signals that a client's action may have finished (called by whoever completes it). */
    void poke() {
        parked("");
    }

    /**
     * The client is about to be disturbed (interrupted to give up): until it next calls or finishes, it counts as
     * busy even if its thread still looks parked.
     */
    void expectActivity(String client) {
        lock.lock();
        try {
            woken.add(client);
        } finally {
            lock.unlock();
        }
    }

    /** How many notifications {@code client} has been handed so far. */
    int deliveredTo(String client) {
        lock.lock();
        try {
            return deliveredTo.getOrDefault(client, 0);
        } finally {
            lock.unlock();
        }
    }

    boolean isAtSeam(String client) {
        lock.lock();
        try {
            return atSeam.containsKey(client);
        } finally {
            lock.unlock();
        }
    }

    /** The client has crashed or expired: from now on it is out of the run, and the server forgets its watches. */
    void takeOutOfTheRun(String client) {
        lock.lock();
        try {
            outOfTheRun.add(client);
            woken.remove(client);
            PendingCall pending = atSeam.remove(client);
            if (pending != null) {
                pending.go.countDown();
            }
            deliveries.removeIf(d -> {
                if (d.delivery.client().equals(client)) {
                    d.go.countDown();
                    return true;
                }
                return false;
            });
            owed.keySet().removeIf(e -> e.client().equals(client));
        } finally {
            lock.unlock();
        }
        watches.forget(client);
    }

    /** The ephemeral nodes {@code client} owns now, in path order (the server drops them when its session ends). */
    List<String> ephemeralsOf(String client) {
        return ownerOfEphemeral.entrySet().stream().filter(e -> e.getValue().equals(client))
                .map(Map.Entry::getKey).sorted().toList();
    }

    /** Records that the server deleted {@code path} with its owner's session, and owes the notifications it fires. */
    void nodeGoneWithSession(String path, String reason) {
        ownerOfEphemeral.remove(path);
        String owner = ownerOfNode.remove(path);
        trace.add(new Event.NodeDeleted(trace.next(), trace.normalize(path), owner == null ? "" : owner, reason));
        owe(watches.fire(path, EventType.NodeDeleted));
        owe(watches.fire(parentOf(path), EventType.NodeChildrenChanged));
    }

    /** The path a waiting client watches now, as the trace writes it ("" when none). */
    String watching(String client) {
        String path = lastWatched.get(client);
        return path == null ? "" : trace.normalize(path);
    }

    /**
     * Runs until the system is quiescent: no client has a call to make, no notification is undelivered, and every
     * busy client is parked waiting for a notification.
     *
     * @param atStablePoint called at every stable point, before the conductor acts (to write down state changes)
     */
    void runToQuiescence(Runnable atStablePoint) {
        while (true) {
            awaitStablePoint();
            atStablePoint.run();
            PendingDelivery delivery = nextDeliverable();
            if (delivery != null) {
                deliver(delivery);
                continue;
            }
            PendingCall call = chooseCall();
            if (call != null) {
                run(call);
                continue;
            }
            lock.lock();
            try {
                owed.clear(); // arrivals nobody predicted are delivered by now: they must not cancel a later debt
            } finally {
                lock.unlock();
            }
            return;
        }
    }

    private void awaitStablePoint() {
        long deadline = System.nanoTime() + STALL_NANOS;
        lock.lock();
        try {
            while (!stable()) {
                if (System.nanoTime() > deadline) {
                    throw new RunStalledException("no stable point within "
                            + TimeUnit.NANOSECONDS.toSeconds(STALL_NANOS) + " s: " + describeUnstable());
                }
                changed.awaitNanos(POLL_NANOS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStalledException("interrupted");
        } finally {
            lock.unlock();
        }
    }

    /** Under lock. */
    private boolean stable() {
        if (running != null && runningResult == null) {
            return false;
        }
        if (inDelivery != null && !inDelivery.done) {
            return false;
        }
        if (owed.values().stream().anyMatch(n -> n > 0)) {
            return false;
        }
        for (String client : clientOrder) {
            if (outOfTheRun.contains(client) || !busy.hasActionRunning(client) || atSeam.containsKey(client)) {
                continue;
            }
            if (woken.contains(client) || !busy.isParked(client)) {
                return false;
            }
        }
        return true;
    }

    /** Under lock. */
    private String describeUnstable() {
        if (running != null && runningResult == null) {
            return running.client() + "'s " + running.op() + " " + running.path() + " has no answer";
        }
        if (inDelivery != null && !inDelivery.done) {
            return "a notification to " + inDelivery.delivery.client() + " is still being handled";
        }
        List<String> owedNow = owed.entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getKey().type() + " " + e.getKey().path() + " to " + e.getKey().client()).toList();
        if (!owedNow.isEmpty()) {
            return "notifications never arrived: " + owedNow;
        }
        List<String> running = clientOrder.stream()
                .filter(c -> !outOfTheRun.contains(c) && busy.hasActionRunning(c) && !atSeam.containsKey(c))
                .toList();
        return "clients neither called nor parked: " + running;
    }

    private PendingDelivery nextDeliverable() {
        lock.lock();
        try {
            inDelivery = null;
            return deliveries.stream()
                    .filter(d -> !atSeam.containsKey(d.delivery.client()))
                    .min(Comparator.comparingInt((PendingDelivery d) -> clientOrder.indexOf(d.delivery.client()))
                            .thenComparing(PendingDelivery::path)
                            .thenComparing(d -> d.delivery.event().getType().name()))
                    .orElse(null);
        } finally {
            lock.unlock();
        }
    }

    private void deliver(PendingDelivery pending) {
        Delivery delivery = pending.delivery;
        lock.lock();
        try {
            deliveries.remove(pending);
            inDelivery = pending;
            deliveredTo.merge(delivery.client(), 1, Integer::sum);
            if (busy.hasActionRunning(delivery.client())) {
                woken.add(delivery.client());
            }
        } finally {
            lock.unlock();
        }
        trace.add(new Event.WatchFired(trace.next(), delivery.client(), trace.normalize(pending.path()),
                delivery.event().getType().name()));
        pending.go.countDown();
    }

    private PendingCall chooseCall() {
        lock.lock();
        try {
            if (atSeam.isEmpty()) {
                return null;
            }
            List<PendingCall> ready = new ArrayList<>(atSeam.values());
            ready.sort(Comparator.comparingInt(p -> clientOrder.indexOf(p.call.client())));
            // Draw only when there is a choice: a run without races consumes no randomness.
            PendingCall chosen = ready.size() == 1 ? ready.get(0) : ready.get(random.nextInt(ready.size()));
            atSeam.remove(chosen.call.client());
            running = chosen.call;
            runningResult = null;
            return chosen;
        } finally {
            lock.unlock();
        }
    }

    private void run(PendingCall pending) {
        ZkCall call = pending.call;
        if (call.op() == ZkOp.CREATE) {
            trace.learnTags(call.client(), call.path());
        }
        pending.go.countDown();
        ZkResult result;
        long deadline = System.nanoTime() + STALL_NANOS;
        lock.lock();
        try {
            while (runningResult == null) {
                if (System.nanoTime() > deadline) {
                    throw new RunStalledException(call.client() + "'s " + call.op() + " " + call.path()
                            + " got no answer");
                }
                changed.awaitNanos(POLL_NANOS);
            }
            result = runningResult;
            running = null;
            runningResult = null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStalledException("interrupted");
        } finally {
            lock.unlock();
        }
        record(call, result);
    }

    private void record(ZkCall call, ZkResult result) {
        String client = call.client();
        String detail = "";
        if (result.ok() && call.op() == ZkOp.CREATE) {
            detail = trace.normalize(result.createdPath());
        } else if (result.ok() && call.op() == ZkOp.GET_CHILDREN) {
            detail = trace.children(result.children());
        } else if (call.op() == ZkOp.EXISTS) {
            detail = result.ok() ? "exists" : "absent";
        }
        String outcome = result.ok() ? "ok" : result.code().name().toLowerCase(Locale.ROOT);
        trace.add(new Event.Call(trace.next(), client, Event.Op.valueOf(call.op().name()),
                trace.normalize(call.path()), call.watch(), outcome, detail));
        if (result.watchLeft(call)) {
            WatchKind kind = call.watchKind();
            watches.set(client, call.path(), call.watcher(), kind);
            lastWatched.put(client, call.path());
            trace.add(new Event.WatchSet(trace.next(), client, trace.normalize(call.path()),
                    Event.WatchKind.valueOf(kind.name())));
        }
        if (!result.ok()) {
            return;
        }
        switch (call.op()) {
            case CREATE -> {
                String created = result.createdPath();
                CreateMode mode = call.mode();
                String name = created.substring(created.lastIndexOf('/') + 1);
                long sequence = mode.isSequential() && NodeName.isSequential(name) ? NodeName.parse(name).sequence()
                        : -1;
                ownerOfNode.put(created, client);
                if (mode.isEphemeral()) {
                    ownerOfEphemeral.put(created, client);
                }
                trace.add(new Event.NodeCreated(trace.next(), trace.normalize(created), sequence, client,
                        mode.name().toLowerCase(Locale.ROOT).replace('_', '-')));
                owe(watches.fire(created, EventType.NodeCreated));
                owe(watches.fire(parentOf(created), EventType.NodeChildrenChanged));
            }
            case DELETE -> {
                String owner = ownerOfNode.remove(call.path());
                ownerOfEphemeral.remove(call.path());
                trace.add(new Event.NodeDeleted(trace.next(), trace.normalize(call.path()),
                        owner == null ? "" : owner, "deleted by " + client));
                owe(watches.fire(call.path(), EventType.NodeDeleted));
                owe(watches.fire(parentOf(call.path()), EventType.NodeChildrenChanged));
            }
            case SET_DATA -> owe(watches.fire(call.path(), EventType.NodeDataChanged));
            case REMOVE_WATCHES -> watches.remove(client, call.path(), call.watcher());
            default -> {
                // reads change nothing
            }
        }
    }

    private void owe(List<WatchBook.Expected> expected) {
        if (expected.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            for (WatchBook.Expected e : expected) {
                if (!outOfTheRun.contains(e.client())) {
                    owed.merge(e, 1, Integer::sum);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private static String parentOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }

    /** The run cannot reach a stable point: a bug in an algorithm, a scheduler, or the server. */
    static final class RunStalledException extends RuntimeException {
        RunStalledException(String message) {
            super(message);
        }
    }
}
