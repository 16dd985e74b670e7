package lockstep.algorithms.session;

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
     * Before an event reaches the watcher that asked for it: watch notifications, and connection events (type None),
     * which ZooKeeper hands to every watcher of the session.
     */
    default void beforeDelivery(Delivery delivery) throws InterruptedException {
    }

    /** After the watcher's {@code process} returned. */
    default void afterDelivery(Delivery delivery) {
    }

    /**
     * Whether {@code delivery} reaches its watcher at all. A scheduler may keep connection events away from the lock's
     * watchers (they still reach the session's default watcher), so that a reconnect cannot wake a waiter at a moment
     * only the network chooses.
     */
    default boolean forward(Delivery delivery) {
        return true;
    }

    /**
     * A client is about to park until a notification wakes it (Lockstep's own engine says so; for Curator's recipes a
     * scheduler has to look at the thread).
     */
    default void parked(String client) {
    }

    /**
     * The calling thread asked for {@code what} (an asynchronous call, {@code multi}), which the seam refuses because it
     * would pass the scheduler unseen; called on that thread, just before the refusal is thrown to it.
     */
    default void refused(String what) {
    }
}
