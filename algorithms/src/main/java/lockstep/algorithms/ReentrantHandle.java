package lockstep.algorithms;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Makes a one-shot handle reentrant, as the recipes' seeds do with a map from the thread to its hold data (and as
 * Curator's InterProcessMutex does): reentrancy belongs to the handle, not to the decision, so every algorithm gets it.
 *
 * <ol>
 *   <li>The thread that holds the handle may acquire it again: its hold count goes up, and no ZooKeeper call is made.</li>
 *   <li>Each release by that thread counts down; only the last one releases the lock underneath (deletes the node).</li>
 *   <li>Another thread of the same client cannot take the handle over: its acquire waits (here, in this process)
 *       until the holder's last release, then asks ZooKeeper as usual, or gives up at its deadline; its release fails
 *       with {@link IllegalMonitorStateException}.</li>
 * </ol>
 *
 * <p>One thread at a time talks to the lock underneath: the handle is busy from the start of an acquire until it fails
 * or the last release ends, so the one-shot lock never sees two callers.
 */
public final class ReentrantHandle implements DistributedLock {

    private final DistributedLock once;
    /** The thread that holds the handle, or is acquiring it; null when free. Guarded by {@code this}. */
    private Thread owner;
    private int holds;

    public ReentrantHandle(DistributedLock once) {
        this.once = once;
    }

    @Override
    public String client() {
        return once.client();
    }

    @Override
    public String lockPath() {
        return once.lockPath();
    }

    @Override
    public LockMode mode() {
        return once.mode();
    }

    @Override
    public void acquire() throws Exception {
        acquireUntil(Long.MAX_VALUE);
    }

    @Override
    public boolean acquire(Duration timeout) throws Exception {
        return acquireUntil(DistributedLock.deadlineAfter(timeout));
    }

    private boolean acquireUntil(long deadline) throws Exception {
        Thread me = Thread.currentThread();
        synchronized (this) {
            if (owner == me && holds > 0 && once.isHeld()) {
                holds++; // the holder again: no call to ZooKeeper
                return true;
            }
            if (owner == me && holds > 0) {
                // The lock underneath was lost with its session (the client went on in a new one): ask again.
                holds = 0;
                owner = null;
            }
            if (owner == me) {
                throw new IllegalStateException(client() + " is already acquiring " + lockPath() + " on this thread");
            }
            while (owner != null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false; // another thread of this client holds it: nothing was asked, nothing left behind
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            owner = me;
        }
        boolean got = false;
        try {
            long left = deadline - System.nanoTime();
            got = deadline == Long.MAX_VALUE ? acquireForever() : once.acquire(Duration.ofNanos(Math.max(0, left)));
            return got;
        } finally {
            synchronized (this) {
                if (got) {
                    holds = 1;
                } else {
                    owner = null;
                    notifyAll();
                }
            }
        }
    }

    private boolean acquireForever() throws Exception {
        once.acquire();
        return true;
    }

    @Override
    public void release() throws Exception {
        synchronized (this) {
            if (owner != Thread.currentThread() || holds == 0) {
                throw new IllegalMonitorStateException(client() + " does not hold " + lockPath()
                        + (owner != null && holds > 0 ? " on this thread (another thread of the client holds it)"
                        : ": there is nothing to release"));
            }
            if (--holds > 0) {
                return; // an inner release: the lock stays held
            }
        }
        try {
            once.release();
        } finally {
            synchronized (this) {
                owner = null;
                notifyAll();
            }
        }
    }

    @Override
    public synchronized boolean isHeld() {
        return holds > 0 && once.isHeld();
    }

    @Override
    public synchronized int holdCount() {
        return owner == Thread.currentThread() ? holds : 0;
    }

    @Override
    public synchronized boolean isHeldByCurrentThread() {
        return holds > 0 && owner == Thread.currentThread() && once.isHeld();
    }

    /** The one-shot lock underneath. */
    public DistributedLock underneath() {
        return once;
    }
}
