package lockstep.algorithms.session;

import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

/**
 * A caller's watcher as the seam hands it to ZooKeeper: the listener sees each notification before the caller does.
 *
 * <p>Equal to another SeamWatcher exactly when the watchers inside are equal. ZooKeeper keeps a client's watchers of a
 * path in a set and delivers one event per distinct watcher; wrapping must not turn one watcher (Curator re-wraps its
 * watchers in equal objects on every call) into several, or the client would be notified twice.
 */
final class SeamWatcher implements Watcher {

    private final String client;
    private final Watcher inner;
    private final SeamListener listener;
    private final boolean defaultWatcher;

    SeamWatcher(String client, Watcher inner, SeamListener listener, boolean defaultWatcher) {
        this.client = client;
        this.inner = inner;
        this.listener = listener;
        this.defaultWatcher = defaultWatcher;
    }

    static Watcher wrap(String client, Watcher watcher, SeamListener listener) {
        if (watcher == null || watcher instanceof SeamWatcher) {
            return watcher;
        }
        return new SeamWatcher(client, watcher, listener, false);
    }

    static Watcher wrapDefault(String client, Watcher watcher, SeamListener listener) {
        return watcher == null ? null : new SeamWatcher(client, watcher, listener, true);
    }

    Watcher inner() {
        return inner;
    }

    @Override
    public void process(WatchedEvent event) {
        Delivery delivery = new Delivery(client, event, inner, defaultWatcher);
        if (!listener.forward(delivery)) {
            return;
        }
        try {
            listener.beforeDelivery(delivery);
        } catch (InterruptedException e) {
            // The event thread is being shut down with the session: deliver anyway so no waiter hangs.
            Thread.currentThread().interrupt();
        }
        try {
            inner.process(event);
        } finally {
            listener.afterDelivery(delivery);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SeamWatcher && inner.equals(((SeamWatcher) other).inner);
    }

    @Override
    public int hashCode() {
        return inner.hashCode();
    }
}
