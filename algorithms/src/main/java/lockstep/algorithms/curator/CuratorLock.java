package lockstep.algorithms.curator;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.recipes.locks.InterProcessMutex;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockMode;

/**
 * A Curator mutex (or one side of its read/write lock) behind Lockstep's lock interface. Curator's handles are
 * reentrant per thread already; this adapter only counts the holds, which Curator keeps to itself.
 */
final class CuratorLock implements DistributedLock {

    private final String client;
    private final String lockPath;
    private final LockMode mode;
    private final InterProcessMutex mutex;
    private final java.util.Map<Thread, Integer> holds = new java.util.concurrent.ConcurrentHashMap<>();

    CuratorLock(String client, String lockPath, LockMode mode, InterProcessMutex mutex) {
        this.client = client;
        this.lockPath = lockPath;
        this.mode = mode;
        this.mutex = mutex;
    }

    @Override
    public String client() {
        return client;
    }

    @Override
    public String lockPath() {
        return lockPath;
    }

    @Override
    public LockMode mode() {
        return mode;
    }

    @Override
    public void acquire() throws Exception {
        mutex.acquire();
        holds.merge(Thread.currentThread(), 1, Integer::sum);
    }

    @Override
    public boolean acquire(Duration timeout) throws Exception {
        boolean got = mutex.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (got) {
            holds.merge(Thread.currentThread(), 1, Integer::sum);
        }
        return got;
    }

    @Override
    public void release() throws Exception {
        if (!mutex.isOwnedByCurrentThread()) {
            throw new IllegalMonitorStateException(client + " does not hold " + lockPath
                    + ": there is nothing to release");
        }
        try {
            mutex.release();
        } finally {
            holds.computeIfPresent(Thread.currentThread(), (thread, count) -> count > 1 ? count - 1 : null);
        }
    }

    @Override
    public boolean isHeldByCurrentThread() {
        return mutex.isOwnedByCurrentThread();
    }

    @Override
    public int holdCount() {
        return mutex.isOwnedByCurrentThread() ? holds.getOrDefault(Thread.currentThread(), 0) : 0;
    }

    @Override
    public boolean isHeld() {
        // Per handle, from any thread: each client has its own mutex object, so "in this process" means "this client".
        return mutex.isAcquiredInThisProcess();
    }
}
