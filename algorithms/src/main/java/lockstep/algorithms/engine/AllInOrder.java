package lockstep.algorithms.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockMode;

/**
 * Several one-shot locks taken as one, in the order given: the multi-lock's mechanics (the order is the algorithm's,
 * {@link lockstep.algorithms.LockAlgorithm#lockOrder}).
 *
 * <ol>
 *   <li>Acquire each lock in turn; a timed acquire gives each what is left of the time.</li>
 *   <li>When one cannot be had (a timeout, an interrupt, an error), release those already taken, last first, and fail
 *       (or return false) as that one did.</li>
 *   <li>Release every lock, last taken first; an error of one does not keep the others.</li>
 * </ol>
 *
 * <p>Held only while every lock is held. Not reentrant: {@link lockstep.algorithms.ReentrantHandle} makes it so.
 */
final class AllInOrder implements DistributedLock {

    private final List<DistributedLock> locks;

    AllInOrder(List<DistributedLock> locks) {
        this.locks = List.copyOf(locks);
    }

    @Override
    public String client() {
        return locks.get(0).client();
    }

    /** The paths in the order taken, joined by commas (as Curator's multi-lock is shown). */
    @Override
    public String lockPath() {
        return String.join(",", locks.stream().map(DistributedLock::lockPath).toList());
    }

    @Override
    public LockMode mode() {
        return locks.get(0).mode();
    }

    @Override
    public void acquire() throws Exception {
        List<DistributedLock> taken = new ArrayList<>();
        try {
            for (DistributedLock lock : locks) {
                lock.acquire();
                taken.add(lock);
            }
        } catch (Exception | Error e) {
            giveBack(taken, e);
            throw e;
        }
    }

    @Override
    public boolean acquire(Duration timeout) throws Exception {
        long deadline = DistributedLock.deadlineAfter(timeout);
        List<DistributedLock> taken = new ArrayList<>();
        try {
            for (DistributedLock lock : locks) {
                long left = Math.max(0, deadline - System.nanoTime());
                if (!lock.acquire(Duration.ofNanos(left))) {
                    giveBack(taken, null);
                    return false;
                }
                taken.add(lock);
            }
            return true;
        } catch (Exception | Error e) {
            giveBack(taken, e);
            throw e;
        }
    }

    /** Releases {@code taken}, last first; a failure is added to {@code cause} (the one being thrown), if any. */
    private static void giveBack(List<DistributedLock> taken, Throwable cause) throws Exception {
        Exception first = null;
        for (int i = taken.size() - 1; i >= 0; i--) {
            try {
                taken.get(i).release();
            } catch (Exception e) {
                if (cause != null) {
                    cause.addSuppressed(e);
                } else if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void release() throws Exception {
        if (!isHeld()) {
            throw new IllegalMonitorStateException(client() + " does not hold " + lockPath());
        }
        giveBack(locks, null);
    }

    @Override
    public boolean isHeld() {
        return locks.stream().allMatch(DistributedLock::isHeld);
    }
}
