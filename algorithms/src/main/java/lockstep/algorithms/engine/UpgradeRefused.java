package lockstep.algorithms.engine;

import java.time.Duration;
import java.util.function.Predicate;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockMode;

/**
 * A write handle that refuses an upgrade at once. A thread that holds the read lock and asks for the write lock would
 * wait behind its own read node forever (the upgrade deadlock: Curator's read/write lock waits so); this handle says
 * so with an {@link IllegalStateException} before any call is made. The other way round, a downgrade (the write holder
 * takes the read lock, then releases the write lock), is allowed: the engine does not let a thread's own held nodes
 * block its other requests.
 */
final class UpgradeRefused implements DistributedLock {

    private final DistributedLock write;
    private final Predicate<String> holdsReadOnThisThread;

    /** @param holdsReadOnThisThread whether the calling thread holds a read handle of this client on a lock path */
    UpgradeRefused(DistributedLock write, Predicate<String> holdsReadOnThisThread) {
        this.write = write;
        this.holdsReadOnThisThread = holdsReadOnThisThread;
    }

    private void refuseAnUpgrade() {
        if (!write.isHeldByCurrentThread() && holdsReadOnThisThread.test(write.lockPath())) {
            throw new IllegalStateException(write.client() + " holds the read lock on " + write.lockPath()
                    + " and asks for the write lock: an upgrade would wait behind its own read node forever"
                    + " (release the read lock first)");
        }
    }

    @Override
    public String client() {
        return write.client();
    }

    @Override
    public String lockPath() {
        return write.lockPath();
    }

    @Override
    public LockMode mode() {
        return write.mode();
    }

    @Override
    public void acquire() throws Exception {
        refuseAnUpgrade();
        write.acquire();
    }

    @Override
    public boolean acquire(Duration timeout) throws Exception {
        refuseAnUpgrade();
        return write.acquire(timeout);
    }

    @Override
    public void release() throws Exception {
        write.release();
    }

    @Override
    public boolean isHeld() {
        return write.isHeld();
    }

    @Override
    public boolean isHeldByCurrentThread() {
        return write.isHeldByCurrentThread();
    }

    @Override
    public int holdCount() {
        return write.holdCount();
    }
}
