package lockstep.algorithms.curator;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockMode;

/**
 * One of Curator's lock recipes (a mutex, a side of its read/write lock, the semaphore mutex, a semaphore's leases, a
 * multi-lock) behind Lockstep's lock interface. Whether a second acquire by the holder counts up (the mutex and the
 * multi-lock, reentrant per thread) or asks again (the semaphores) is the recipe's own business; this adapter only
 * counts the holds per thread, which Curator keeps to itself, so that only a holding thread may release.
 */
final class CuratorLock implements DistributedLock {

    private final String client;
    private final String lockPath;
    private final LockMode mode;
    private final InterProcessLock lock;
    private final Map<Thread, Integer> holds = new ConcurrentHashMap<>();

    CuratorLock(String client, String lockPath, LockMode mode, InterProcessLock lock) {
        this.client = client;
        this.lockPath = lockPath;
        this.mode = mode;
        this.lock = lock;
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
        lock.acquire();
        holds.merge(Thread.currentThread(), 1, Integer::sum);
    }

    @Override
    public boolean acquire(Duration timeout) throws Exception {
        boolean got = lock.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (got) {
            holds.merge(Thread.currentThread(), 1, Integer::sum);
        }
        return got;
    }

    @Override
    public void release() throws Exception {
        if (!isHeldByCurrentThread()) {
            throw new IllegalMonitorStateException(client + " does not hold " + lockPath
                    + ": there is nothing to release");
        }
        try {
            lock.release();
        } finally {
            holds.computeIfPresent(Thread.currentThread(), (thread, count) -> count > 1 ? count - 1 : null);
        }
    }

    @Override
    public boolean isHeldByCurrentThread() {
        // Curator's mutex knows its owning thread; the other recipes do not, and the hold count does.
        return lock instanceof InterProcessMutex mutex ? mutex.isOwnedByCurrentThread()
                : holds.containsKey(Thread.currentThread()) && lock.isAcquiredInThisProcess();
    }

    @Override
    public int holdCount() {
        return isHeldByCurrentThread() ? holds.getOrDefault(Thread.currentThread(), 0) : 0;
    }

    @Override
    public boolean isHeld() {
        // Per handle, from any thread: each client has its own lock object, so "in this process" means "this client".
        return lock.isAcquiredInThisProcess();
    }
}
