package lockstep.algorithms.curator;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessMultiLock;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreMutex;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreV2;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.LockTarget;

/**
 * Which of Curator's lock recipes a client uses, and what targets it takes: one lock path with one permit for the
 * mutexes and the read/write lock, N permits for the semaphore, several paths for the multi-lock.
 */
public interface CuratorRecipe {

    InterProcessLock lock(CuratorFramework curator, LockTarget target, LockMode mode);

    /** Whether the recipe can take {@code target}. */
    default boolean takes(LockTarget target) {
        return target.isSingleMutex();
    }

    /**
     * Curator's InterProcessMutex: the sequential recipe. Reentrant (per thread), fair; a waiter is woken by its
     * predecessor's NodeDeleted, and (outside lockstep runs) by every connection event too.
     */
    CuratorRecipe MUTEX = (curator, target, mode) -> new InterProcessMutex(curator, target.path());

    /**
     * Curator's InterProcessReadWriteLock: reentrant, fair. A writer waits for its predecessor; a reader waits for the
     * FIRST write node ahead of it (not the nearest), so that writer's release also wakes readers still blocked by a
     * later writer: a futile wake-up the recipe's own read lock avoids.
     */
    CuratorRecipe READ_WRITE = (curator, target, mode) -> {
        InterProcessReadWriteLock lock = new InterProcessReadWriteLock(curator, target.path());
        return mode == LockMode.READ ? lock.readLock() : lock.writeLock();
    };

    /**
     * Curator's InterProcessSemaphoreMutex: a semaphore with one lease, NOT reentrant (a second acquire by the holder
     * asks for a second lease and waits for itself). Its lease nodes live under {@code path/leases}; a client counts
     * them only while it holds the inner mutex {@code path/locks}, and the one waiter watches the leases' children.
     */
    CuratorRecipe SEMAPHORE_MUTEX = (curator, target, mode) -> new InterProcessSemaphoreMutex(curator, target.path());

    /**
     * Curator's InterProcessSemaphoreV2 with N leases: take the inner mutex {@code path/locks}, create a lease node
     * under {@code path/leases}, and wait (watching the leases' children, inner mutex still held) until at most N
     * leases exist; then give the inner mutex back. Only one waiter at a time watches the leases, so a release wakes
     * one client, not a herd; the price is the inner mutex's hand-offs.
     */
    CuratorRecipe SEMAPHORE = new CuratorRecipe() {
        @Override
        public InterProcessLock lock(CuratorFramework curator, LockTarget target, LockMode mode) {
            return new Leases(new InterProcessSemaphoreV2(curator, target.path(), target.permits()));
        }

        @Override
        public boolean takes(LockTarget target) {
            return target.paths().size() == 1;
        }
    };

    /**
     * Curator's InterProcessMultiLock over InterProcessMutexes: takes each lock in the order given, and if one cannot
     * be had (a timeout) gives back those it took. Reentrant, as its mutexes are. Two clients asking for the same
     * locks in opposite orders can deadlock: the recipe does not order them.
     */
    CuratorRecipe MULTI_LOCK = new CuratorRecipe() {
        @Override
        public InterProcessLock lock(CuratorFramework curator, LockTarget target, LockMode mode) {
            return new InterProcessMultiLock(curator, target.paths());
        }

        @Override
        public boolean takes(LockTarget target) {
            return target.permits() == 1;
        }
    };
}
