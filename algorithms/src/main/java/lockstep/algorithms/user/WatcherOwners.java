package lockstep.algorithms.user;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.zookeeper.Watcher;

import lockstep.algorithms.session.Delivery;
import lockstep.algorithms.session.SeamListener;
import lockstep.algorithms.session.ZkCall;
import lockstep.algorithms.session.ZkResult;

/**
 * Which acquire (one call of a handle's acquire) set each watcher, seen at the seam, and which acquires are running
 * now. A user's code wakes its waiting thread from its watcher in ways Lockstep cannot see (a latch,
 * {@code notifyAll}); what it can tell is that a notification to a watcher set by an acquire that has ended (it gave
 * up, or got the lock) wakes nobody: the scheduler must not wait for that client's next call. A watcher set again by a
 * later acquire (a lock that is its own watcher) belongs to the later one. Everything else passes to the
 * listener underneath unchanged.
 */
final class WatcherOwners implements SeamListener {

    private final SeamListener underneath;
    /** Sees each call and each refused call first, on the calling thread: the client's check of where it came from. */
    private final SeamListener guard;
    private final ThreadLocal<Object> acquiringOnThisThread = new ThreadLocal<>();
    private final Set<Object> acquiring = ConcurrentHashMap.newKeySet();
    private final Map<Watcher, Object> owners = new ConcurrentHashMap<>();
    /** The thread running one of the client's watchers now (its event thread), or null: where a stall may stand. */
    private volatile Thread delivering;

    WatcherOwners(SeamListener underneath, SeamListener guard) {
        this.underneath = underneath;
        this.guard = guard;
    }

    /** An acquire starts on this thread; returns what {@link #acquired} takes when it ends. */
    Object acquiring() {
        Object attempt = new Object();
        acquiringOnThisThread.set(attempt);
        acquiring.add(attempt);
        return attempt;
    }

    /** The acquire {@code attempt} on this thread ended (granted, gave up or failed). */
    void acquired(Object attempt) {
        acquiring.remove(attempt);
        acquiringOnThisThread.remove();
    }

    /** False when {@code watcher} was set by an acquire that has ended; true otherwise (or unknown). */
    boolean mayWake(Watcher watcher) {
        Object owner = watcher == null ? null : owners.get(watcher);
        return owner == null || acquiring.contains(owner);
    }

    @Override
    public void beforeCall(ZkCall call) throws InterruptedException {
        guard.beforeCall(call);
        Object attempt = acquiringOnThisThread.get();
        if (attempt != null && call.watcher() != null) {
            owners.put(call.watcher(), attempt);
        }
        underneath.beforeCall(call);
    }

    @Override
    public void afterCall(ZkCall call, ZkResult result) {
        underneath.afterCall(call, result);
    }

    @Override
    public void beforeDelivery(Delivery delivery) throws InterruptedException {
        underneath.beforeDelivery(delivery);
        // set once the scheduler let it through: from here the watcher's own code runs
        delivering = Thread.currentThread();
    }

    @Override
    public void afterDelivery(Delivery delivery) {
        delivering = null;
        underneath.afterDelivery(delivery);
    }

    /** The thread running a watcher of this client now, or null when none is running. */
    Thread delivering() {
        return delivering;
    }

    @Override
    public boolean forward(Delivery delivery) {
        return underneath.forward(delivery);
    }

    @Override
    public void parked(String client) {
        underneath.parked(client);
    }

    @Override
    public void refused(String what) {
        guard.refused(what);
        underneath.refused(what);
    }
}
