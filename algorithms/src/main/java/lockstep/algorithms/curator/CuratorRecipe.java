package lockstep.algorithms.curator;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;

import lockstep.algorithms.LockMode;

/** Which of Curator's lock recipes a client uses: a mutex, or a side of the read/write lock. */
@FunctionalInterface
public interface CuratorRecipe {

    InterProcessMutex lock(CuratorFramework curator, String lockPath, LockMode mode);

    /**
     * Curator's InterProcessMutex: the sequential recipe. Reentrant (per thread), fair; a waiter is woken by its
     * predecessor's NodeDeleted, and (outside lockstep runs) by every connection event too.
     */
    CuratorRecipe MUTEX = (curator, lockPath, mode) -> new InterProcessMutex(curator, lockPath);

    /**
     * Curator's InterProcessReadWriteLock: reentrant, fair. A writer waits for its predecessor; a reader waits for the
     * FIRST write node ahead of it (not the nearest), so that writer's release also wakes readers still blocked by a
     * later writer: a futile wake-up the recipe's own read lock avoids.
     */
    CuratorRecipe READ_WRITE = (curator, lockPath, mode) -> {
        InterProcessReadWriteLock lock = new InterProcessReadWriteLock(curator, lockPath);
        return mode == LockMode.READ ? lock.readLock() : lock.writeLock();
    };
}
