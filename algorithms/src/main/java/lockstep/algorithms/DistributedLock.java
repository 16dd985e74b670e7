package lockstep.algorithms;

import java.time.Duration;

/**
 * One client's handle on one lock, whatever the algorithm behind it. Handles from {@link LockClient#lock} are
 * reentrant per thread, as Curator's are: the thread that holds a handle may acquire it again (its hold count goes up,
 * without a ZooKeeper call) and only its last release gives the lock back. Another thread of the same client cannot
 * release a handle it does not hold, nor take it over. Each handle is its own request: two handles of one client on
 * one lock are two requests, served in turn like any others (a thread that holds one and asks with the other waits
 * for itself).
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
     * Waits at most {@code timeout}; on timeout gives up and returns false. Our node is deleted. Lockstep's engine
     * takes its watcher back with {@code removeWatches}, which only the client library honours: the server keeps its
     * watch until it fires, and that notification then reaches a client that drops it (a stray notification).
     * Curator's recipes leave their watcher in place.
     */
    boolean acquire(Duration timeout) throws Exception;

    /** The {@code System.nanoTime()} at which a wait of {@code timeout} from now ends, never past Long.MAX_VALUE. */
    static long deadlineAfter(Duration timeout) {
        long now = System.nanoTime();
        long nanos = timeout.toNanos();
        return nanos >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos;
    }

    /**
     * One look: true when the lock was free for us right away; otherwise our node is deleted. Lockstep's engine looks
     * without a watch, so it leaves nothing behind; Curator's recipes set a watch on the predecessor before they see
     * that the time is up, and leave it.
     */
    default boolean tryAcquire() throws Exception {
        return acquire(Duration.ZERO);
    }

    /**
     * Releases one hold; the last one releases the lock.
     *
     * @throws IllegalMonitorStateException when the calling thread does not hold it
     */
    void release() throws Exception;

    /** True while this handle holds the lock (asked from any thread). */
    boolean isHeld();

    /** True when the calling thread holds this handle. */
    default boolean isHeldByCurrentThread() {
        return isHeld();
    }

    /** How many times the calling thread holds this handle: acquisitions not yet released; 0 when it does not hold it. */
    default int holdCount() {
        return isHeldByCurrentThread() ? 1 : 0;
    }
}
