import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

/**
 * A lock on Curator: it hands every call to Curator's own InterProcessMutex. The constructor takes the
 * CuratorFramework Lockstep made for this client (its ZooKeeper handles pass Lockstep's seam), so the recipe's calls
 * are recorded and scheduled like any other. Correct: fair, one wake-up per release, reentrant.
 */
public class WrappedCuratorLock implements InterProcessLock {

    private final InterProcessMutex mutex;

    public WrappedCuratorLock(CuratorFramework curator, String lockPath) {
        this.mutex = new InterProcessMutex(curator, lockPath);
    }

    @Override
    public void acquire() throws Exception {
        mutex.acquire();
    }

    @Override
    public boolean acquire(long time, TimeUnit unit) throws Exception {
        return mutex.acquire(time, unit);
    }

    @Override
    public void release() throws Exception {
        mutex.release();
    }

    @Override
    public boolean isAcquiredInThisProcess() {
        return mutex.isAcquiredInThisProcess();
    }
}
