package lockstep.algorithms.curator;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreV2;
import org.apache.curator.framework.recipes.locks.Lease;

/**
 * Curator's {@link InterProcessSemaphoreV2} seen as a lock: each acquire takes one lease (one of the semaphore's N
 * permits), each release closes the latest one. Nothing of the recipe changes: it runs as Curator wrote it.
 */
final class Leases implements InterProcessLock {

    private final InterProcessSemaphoreV2 semaphore;
    private final Deque<Lease> leases = new ArrayDeque<>();

    Leases(InterProcessSemaphoreV2 semaphore) {
        this.semaphore = semaphore;
    }

    @Override
    public void acquire() throws Exception {
        Lease lease = semaphore.acquire();
        synchronized (leases) {
            leases.push(lease);
        }
    }

    @Override
    public boolean acquire(long time, TimeUnit unit) throws Exception {
        Lease lease = semaphore.acquire(time, unit);
        if (lease == null) {
            return false;
        }
        synchronized (leases) {
            leases.push(lease);
        }
        return true;
    }

    @Override
    public void release() throws Exception {
        Lease lease;
        synchronized (leases) {
            lease = leases.poll();
        }
        if (lease == null) {
            throw new IllegalMonitorStateException("no lease to give back");
        }
        lease.close();
    }

    @Override
    public boolean isAcquiredInThisProcess() {
        synchronized (leases) {
            return !leases.isEmpty();
        }
    }
}
