package lockstep.algorithms.session;

import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

/**
 * What sees every call and every notification that passes the seam: a recorder, a scheduler, or both. Calls are
 * reported on the calling thread, notifications on the client's ZooKeeper event thread; either may block there (that
 * is how a scheduler gives turns).
 */
public interface SeamListener {

    /** Nothing is recorded or scheduled: calls go straight through. */
    SeamListener NONE = new SeamListener() {
    };

    /** Before the call leaves for the server; a scheduler blocks here until it is this call's turn. */
    default void beforeCall(ZkCall call) throws InterruptedException {
    }

    /** After the server answered (or the call failed). */
    default void afterCall(ZkCall call, ZkResult result) {
    }

    /**
     * Before a watch notification reaches the watcher that asked for it. {@code watcher} is the caller's own watcher
     * (ZooKeeper delivers one event per distinct watcher). Connection events (type None) come here too.
     */
    default void beforeDelivery(String client, WatchedEvent event, Watcher watcher) throws InterruptedException {
    }

    /** After the watcher's {@code process} returned. */
    default void afterDelivery(String client, WatchedEvent event, Watcher watcher) {
    }
}
