package lockstep.algorithms.curator;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.recipes.locks.InterProcessMutex;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockMode;

/** A Curator mutex (or one side of its read/write lock) behind Lockstep's lock interface. */
final class CuratorLock implements DistributedLock {

    private final String client;
    private final String lockPath;
    private final LockMode mode;
    private final InterProcessMutex mutex;

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
    }

    @Override
    public boolean acquire(Duration timeout) throws Exception {
        return mutex.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void release() throws Exception {
        if (!mutex.isOwnedByCurrentThread()) {
            throw new IllegalMonitorStateException(client + " does not hold " + lockPath
                    + ": there is nothing to release");
        }
        mutex.release();
    }

    @Override
    public boolean isHeld() {
        // Per handle, from any thread: each client has its own mutex object, so "in this process" means "this client".
        return mutex.isAcquiredInThisProcess();
    }
}
