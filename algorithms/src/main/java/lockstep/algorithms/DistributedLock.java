package lockstep.algorithms;

import java.time.Duration;

/**
 * One client's handle on one lock, whatever the algorithm behind it. A handle is used from one thread at a time (the
 * client's); Curator's locks even require that the thread that acquired is the one that releases.
 */
public interface DistributedLock {

    /** The name of the client that owns this handle. */
    String client();

    /** The lock's path (the parent of its nodes). */
    String lockPath();

    /** What this handle asks for. */
    LockMode mode();

    /** Waits as long as it takes. Interrupting the waiting thread gives up: our node is deleted, the wait ends. */
    void acquire() throws Exception;

    /**
     * Waits at most {@code timeout}; on timeout gives up (our node is deleted, so nothing is left behind) and returns
     * false.
     */
    boolean acquire(Duration timeout) throws Exception;

    /** One look: true when the lock was free for us right away; otherwise nothing is left behind. */
    default boolean tryAcquire() throws Exception {
        return acquire(Duration.ZERO);
    }

    /**
     * Releases the lock.
     *
     * @throws IllegalMonitorStateException when this client does not hold it
     */
    void release() throws Exception;

    /** True while this handle holds the lock. */
    boolean isHeld();
}
