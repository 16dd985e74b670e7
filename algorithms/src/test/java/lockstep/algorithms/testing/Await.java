package lockstep.algorithms.testing;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** An await with a timeout for conditions no latch can signal (a thread parking in a library's wait). */
public final class Await {

    private Await() {
    }

    public static void until(BooleanSupplier condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting until " + what);
            }
            LockSupport.parkNanos(100_000L);
        }
    }
}
