package lockstep.simulator.bench;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The safety check of a free-running benchmark: who holds the lock right now, and the most seen at once. Every worker
 * says when it starts and stops holding. A writer (any holder of a mutex) that finds another holder, or a reader that
 * finds a writer, is a violation; on a semaphore of N permits (its holders are all writers) a holder that finds N
 * others is. Both counters are incremented before they are read, so of two holders that overlap at least one sees the
 * other.
 */
final class Holders {

    private final int permits;

    private final AtomicInteger readers = new AtomicInteger();
    private final AtomicInteger writers = new AtomicInteger();
    private final AtomicInteger most = new AtomicInteger();
    private volatile boolean violated;

    /** The check of a lock one writer holds at a time (a mutex, a read/write lock). */
    Holders() {
        this(1);
    }

    /** The check of a lock {@code permits} writers may hold at once (a semaphore; 1: a mutex). */
    Holders(int permits) {
        this.permits = permits;
    }

    void enter(boolean reader) {
        int now;
        if (reader) {
            int r = readers.incrementAndGet();
            int w = writers.get();
            violated |= w > 0;
            now = r + w;
        } else {
            int w = writers.incrementAndGet();
            int r = readers.get();
            violated |= w > permits || r > 0;
            now = r + w;
        }
        most.accumulateAndGet(now, Math::max);
    }

    void leave(boolean reader) {
        (reader ? readers : writers).decrementAndGet();
    }

    /** The most holders seen at once (readers together count each). */
    int most() {
        return most.get();
    }

    /** True when holders overlapped where the lock does not allow it (a writer with anyone, or more than N writers). */
    boolean violated() {
        return violated;
    }
}
