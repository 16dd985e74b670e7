import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;

/**
 * A read/write lock on Curator: readLock() and writeLock() are the two sides of Curator's own
 * InterProcessReadWriteLock. Lockstep asks a read/write lock for the side each request needs.
 */
public class WrappedCuratorReadWriteLock {

    private final InterProcessReadWriteLock lock;

    public WrappedCuratorReadWriteLock(CuratorFramework curator, String lockPath) {
        this.lock = new InterProcessReadWriteLock(curator, lockPath);
    }

    public InterProcessLock readLock() {
        return lock.readLock();
    }

    public InterProcessLock writeLock() {
        return lock.writeLock();
    }
}
