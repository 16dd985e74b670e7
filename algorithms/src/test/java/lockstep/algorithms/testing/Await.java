package lockstep.algorithms.testing;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** An await with a timeout for conditions no latch can signal (a thread parking in a library's wait). */
public final class Await {

    private Await() {
    }

    public static void until(BooleanSupplier condition, Duration timeout, String what) {
        until(condition, timeout, what, () -> "");
    }

    /** As {@link #until(BooleanSupplier, Duration, String)}, the failure also telling {@code state} (as it is then). */
    public static void until(BooleanSupplier condition, Duration timeout, String what,
                             java.util.function.Supplier<String> state) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                String now = state.get();
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting until " + what
                        + (now.isEmpty() ? "" : "; " + now));
            }
            LockSupport.parkNanos(100_000L);
        }
    }
}
