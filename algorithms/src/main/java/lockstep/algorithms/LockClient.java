package lockstep.algorithms;

/**
 * One lock client: one ZooKeeper session, used by one algorithm, through the session seam. A scenario's clients
 * ({@code c1}, {@code alice}) are LockClients.
 */
public interface LockClient extends AutoCloseable {

    /** The client's name, used in every record of the seam. */
    String name();

    /** A handle on the lock at {@code lockPath}, asking for {@code mode} (mutexes treat every mode as exclusive). */
    DistributedLock lock(String lockPath, LockMode mode);

    /**
     * A handle on {@code target}: several lock paths taken as one, or a lock with more than one permit. Only an
     * algorithm flagged {@link Flag#MULTI} takes several paths, and only one flagged {@link Flag#PERMITS} more than one
     * permit; every other refuses such a target.
     *
     * @throws IllegalArgumentException for a target the algorithm cannot take
     */
    default DistributedLock lock(LockTarget target, LockMode mode) {
        if (!target.isSingleMutex()) {
            throw new IllegalArgumentException(name() + "'s lock takes one lock path with one permit, not " + target);
        }
        return lock(target.path(), mode);
    }

    /**
     * True when {@code thread}, which runs this client's acquire, is parked waiting for a watch notification (and not
     * at the seam, not running). The scheduler uses it to know when a client has nothing more to do.
     */
    boolean isWaitingForNotification(Thread thread);

    /**
     * True when the client tells its connection's seam listener each time its thread is about to park for a
     * notification ({@code SeamListener.parked}), so a scheduler may wait for that instead of looking at the thread
     * again and again. False (the default) for a client library that parks inside its own code (Curator).
     */
    default boolean saysWhenItParks() {
        return false;
    }

    /**
     * False when a notification for {@code watcher} reaches a handle that already holds the lock (its leftover watch):
     * it wakes none of the client's requests. True when it may wake one, or when the client cannot tell.
     */
    default boolean notificationWakesItsHandle(org.apache.zookeeper.Watcher watcher) {
        return true;
    }

    /**
     * Whether a notification for {@code watcher} about {@code path} may wake {@code waiter}, the thread that runs this
     * client's action, as it stands now: by default {@link #notificationWakesItsHandle}. A client library whose one
     * action waits in turn on several monitors (Curator's semaphore: its inner mutex, then its leases) tells a
     * leftover watch of the other wait apart, which wakes nobody.
     */
    default boolean notificationWakes(Thread waiter, org.apache.zookeeper.Watcher watcher, String path) {
        return notificationWakesItsHandle(watcher);
    }

    /** The session ends abruptly, as when the process dies: no release, the server deletes its ephemeral nodes. */
    void crash();

    /**
     * The server expires the session (as after a long pause). Returns once the client has learned that its session
     * expired, so what follows is not a race with that news.
     */
    void expire() throws Exception;

    /**
     * The server ends the session now, as a session timeout would, and this returns at once: the client learns of it
     * when it next hears from the server (a lockstep run awaits that news on its own terms).
     */
    void endSessionOnServer() throws Exception;

    /**
     * True for a client library that opens a new session by itself once it learns its session expired (Curator);
     * false for one whose handle is dead from then on (a plain ZooKeeper handle).
     */
    default boolean opensNewSessionAfterExpiry() {
        return false;
    }

    /**
     * The id the server gives the session this client is on now (0 before it has one). For looking at the server from
     * outside (which session holds which watch); never written to a trace, which names clients instead.
     */
    long sessionId();

    /** True while the client's session is connected to a server. */
    boolean isConnected();

    /** Closes the session politely. */
    @Override
    void close();

    /**
     * The first thing this client's lock code did that Lockstep cannot schedule, or null (always null for Lockstep's
     * own algorithms and Curator's recipes): the runner looks at its stable points and stops the run with it.
     */
    default Unschedulable unschedulable() {
        return null;
    }

    /**
     * Where {@code thread} is in the lock's own code ({@code MyLock.java:42}), or null when that code is not the
     * user's: names where a run stalled.
     */
    default String whereInTheLock(Thread thread) {
        return null;
    }

    /**
     * Where a watcher of this client stands in the lock's own code while it runs ({@code MyLock.java:42}), or null
     * when none is running or its code is not the user's: a watcher that does not return holds up every later
     * notification of the session (ZooKeeper delivers them one at a time on one thread), and names where a run
     * stalled.
     */
    default String whereAWatcherStands() {
        return null;
    }
}
