package lockstep.algorithms.session;

/**
 * A waiter's doorbell: counts the notifications that should wake it, so none is lost between setting a watch and
 * starting to wait. Arm it before the call that sets the watch, then wait for a ring after that.
 */
public final class Wakeup {

    private long rings;
    private boolean waiting;
    private long awaitedAfter;

    /** The current ring count; pass it to {@link #awaitRingAfter}. */
    public synchronized long arm() {
        return rings;
    }

    public synchronized void ring() {
        rings++;
        notifyAll();
    }

    /**
     * Waits until the doorbell rang after {@code armed}, or {@code deadlineNanos} (System.nanoTime) passed.
     *
     * @return true when it rang, false on timeout
     */
    public boolean awaitRingAfter(long armed, long deadlineNanos, Runnable parking) throws InterruptedException {
        synchronized (this) {
            if (rings != armed) {
                return true;
            }
            waiting = true;
            awaitedAfter = armed;
        }
        // Said outside the monitor: whoever is told may look at isWaiting() at once.
        parking.run();
        return awaitRing(armed, deadlineNanos);
    }

    private synchronized boolean awaitRing(long armed, long deadlineNanos) throws InterruptedException {
        try {
            while (rings == armed) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                long millis = Math.max(1, left / 1_000_000L);
                wait(millis);
            }
            return true;
        } finally {
            waiting = false;
        }
    }

    /** True while a thread is inside {@link #awaitRingAfter} and no ring it waits for has come yet. */
    public synchronized boolean isWaiting() {
        return waiting && rings == awaitedAfter;
    }
}
