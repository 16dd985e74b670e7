package lockstep.algorithms.network;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;

/** A default watcher that keeps every connection state a handle reported, and awaits the n-th one of a kind. */
final class ConnectionStates implements Watcher {

    private final List<KeeperState> states = new ArrayList<>();

    @Override
    public synchronized void process(WatchedEvent event) {
        if (event.getType() == EventType.None) {
            states.add(event.getState());
            notifyAll();
        }
    }

    synchronized int count(KeeperState state) {
        return (int) states.stream().filter(state::equals).count();
    }

    synchronized List<KeeperState> all() {
        return List.copyOf(states);
    }

    /** Waits until {@code state} was reported {@code times} times in all. */
    synchronized void await(KeeperState state, int times, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (count(state) < times) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("timed out waiting for " + state + " #" + times + "; states so far: " + states);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
