package lockstep.simulator.run;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;

import lockstep.algorithms.session.Delivery;
import lockstep.algorithms.session.ZkCall;
import lockstep.algorithms.session.ZkOp;
import lockstep.algorithms.session.ZkResult;

/**
 * Calls and notifications brought to a {@link Gate} by test threads, as a client's own thread and its ZooKeeper event
 * thread would bring them, with no server: what each client is doing (an action running, parked for a notification)
 * is what the test says, and every step a thread takes is awaited on latches, never slept for.
 */
final class ScriptedArrivals implements Gate.Busy, AutoCloseable {

    /** Awaits of a scripted thread give up after this long: a test that needs it has a bug, not a slow machine. */
    static final long PATIENCE_SECONDS = 10;

    private static final Watcher NOBODY = event -> {
    };

    final Gate gate;
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "scripted-arrival");
        thread.setDaemon(true);
        return thread;
    });
    /** Scripts may start further scripts (a watcher that wakes its client): the list is written from their threads. */
    private final List<Future<?>> started = new CopyOnWriteArrayList<>();
    private final Set<String> running = ConcurrentHashMap.newKeySet();
    private final Set<String> parked = ConcurrentHashMap.newKeySet();
    /** Clients whose library cannot say that it parked (as Curator's cannot): the gate polls them. */
    private final Set<String> silent = ConcurrentHashMap.newKeySet();

    ScriptedArrivals(Gate gate) {
        this.gate = gate;
        gate.startScheduling(this);
    }

    // ---- what the gate asks ------------------------------------------------------------------------------------

    @Override
    public boolean hasActionRunning(String client) {
        return running.contains(client);
    }

    @Override
    public boolean isParked(String client) {
        return parked.contains(client);
    }

    @Override
    public boolean saysWhenItParks(String client) {
        return !silent.contains(client);
    }

    // ---- what the test says ------------------------------------------------------------------------------------

    /** {@code client} has an action running (an acquire): the gate waits for it to call, park or finish. */
    void startAction(String client) {
        running.add(client);
        gate.actionStarted(client); // as the run tells the gate when it starts a client's action
    }

    /** Its action ends, and the gate is told, as the run's worker tells it. */
    void finishAction(String client) {
        running.remove(client);
        gate.poke();
    }

    /** Its library parks it without telling anyone (Curator's waiter). */
    void cannotSayItParks(String client) {
        silent.add(client);
    }

    /** It parks for a notification; a library that can say so tells the gate. */
    void park(String client) {
        parked.add(client);
        if (!silent.contains(client)) {
            gate.parked(client);
        }
    }

    /** It wakes (its library ran its waiter again): no signal, the call it makes next is the signal. */
    void wake(String client) {
        parked.remove(client);
    }

    // ---- arrivals ----------------------------------------------------------------------------------------------

    static ZkCall create(String client, String path) {
        return new ZkCall(client, ZkOp.CREATE, path, CreateMode.EPHEMERAL_SEQUENTIAL, false, null);
    }

    static ZkCall call(String client, ZkOp op, String path, boolean watch) {
        return new ZkCall(client, op, path, null, watch, watch ? NOBODY : null);
    }

    static ZkResult ok() {
        return new ZkResult(Code.OK, null, null, null);
    }

    static Delivery notification(String client, String path, EventType type) {
        return new Delivery(client, new WatchedEvent(type, KeeperState.SyncConnected, path), NOBODY, false);
    }

    static Delivery connectionEvent(String client, KeeperState state) {
        return new Delivery(client, new WatchedEvent(EventType.None, state, null), NOBODY, true);
    }

    /** A call that a client's thread brings to the gate; it answers {@code answer} once let through. */
    Arrival arriveWith(ZkCall call, ZkResult answer) {
        Arrival arrival = new Arrival();
        submit(() -> {
            gate.beforeCall(call);
            arrival.passed.countDown();
            if (answer != null) {
                gate.afterCall(call, answer);
            }
            return null;
        });
        return arrival;
    }

    /**
     * A notification that the client's event thread brings to the gate; once handed over, its watcher runs
     * {@code watcher} and returns when {@code returns} is counted down (null: at once).
     */
    Arrival arriveWith(Delivery delivery, Runnable watcher, CountDownLatch returns) {
        Arrival arrival = new Arrival();
        submit(() -> {
            gate.beforeDelivery(delivery);
            arrival.passed.countDown();
            watcher.run();
            if (returns != null && !returns.await(PATIENCE_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("the watcher was never let return");
            }
            gate.afterDelivery(delivery);
            return null;
        });
        return arrival;
    }

    /** Runs {@code script} on a thread of its own, as a client's thread runs its action. */
    void submit(java.util.concurrent.Callable<Void> script) {
        started.add(threads.submit(script));
    }

    /** Waits for every scripted thread to end and rethrows what any of them threw. */
    void awaitAll() throws Exception {
        for (int i = 0; i < started.size(); i++) { // by index: a script may add another while this waits
            started.get(i).get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        gate.stopScheduling();
        threads.shutdownNow();
    }

    /** One arrival's progress: whether the gate let it through. */
    static final class Arrival {
        final CountDownLatch passed = new CountDownLatch(1);

        void awaitPassed() throws InterruptedException {
            if (!passed.await(PATIENCE_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("never let through");
            }
        }

        boolean hasPassed() {
            return passed.getCount() == 0;
        }
    }
}
