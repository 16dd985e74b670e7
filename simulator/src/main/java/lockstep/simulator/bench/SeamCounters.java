package lockstep.simulator.bench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import lockstep.algorithms.session.Delivery;
import lockstep.algorithms.session.SeamListener;
import lockstep.algorithms.session.ZkCall;
import lockstep.algorithms.session.ZkResult;

/**
 * Counts what passes the session seam of a free-running benchmark: every ZooKeeper call, every watch notification,
 * and per client the notifications since its current request began (to tell a wake-up that led to the lock from a
 * futile one). Cheap on purpose: an adder per call, an adder and a map look-up per notification, nothing recorded.
 */
final class SeamCounters implements SeamListener {

    private final LongAdder calls = new LongAdder();
    private final LongAdder notifications = new LongAdder();
    private final Map<String, AtomicInteger> sinceAsk = new ConcurrentHashMap<>();

    @Override
    public void afterCall(ZkCall call, ZkResult result) {
        calls.increment();
    }

    @Override
    public void beforeDelivery(Delivery delivery) {
        if (delivery.defaultWatcher() || !delivery.isNotification() || delivery.isWatchRemoval()) {
            return;
        }
        notifications.increment();
        AtomicInteger count = sinceAsk.get(delivery.client());
        if (count != null) {
            count.incrementAndGet();
        }
    }

    /** The notification counter of one client: the worker zeroes it before asking and reads it once it holds. */
    AtomicInteger notificationsOf(String client) {
        return sinceAsk.computeIfAbsent(client, name -> new AtomicInteger());
    }

    void reset() {
        calls.reset();
        notifications.reset();
    }

    long calls() {
        return calls.sum();
    }

    long notifications() {
        return notifications.sum();
    }
}
