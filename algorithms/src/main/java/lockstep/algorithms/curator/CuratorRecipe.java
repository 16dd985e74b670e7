package lockstep.algorithms.curator;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;

import lockstep.algorithms.LockMode;

/** Which of Curator's lock recipes a client uses: a mutex, or a side of the read/write lock. */
@FunctionalInterface
public interface CuratorRecipe {

    InterProcessMutex lock(CuratorFramework curator, String lockPath, LockMode mode);

    /** Curator's InterProcessMutex: reentrant, fair, each waiter watches its predecessor. */
    CuratorRecipe MUTEX = (curator, lockPath, mode) -> new InterProcessMutex(curator, lockPath);

    /** Curator's InterProcessReadWriteLock: a reader waits for the FIRST write node ahead of it. */
    CuratorRecipe READ_WRITE = (curator, lockPath, mode) -> {
        InterProcessReadWriteLock lock = new InterProcessReadWriteLock(curator, lockPath);
        return mode == LockMode.READ ? lock.readLock() : lock.writeLock();
    };
}
