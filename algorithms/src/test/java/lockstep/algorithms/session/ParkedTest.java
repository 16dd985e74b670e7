package lockstep.algorithms.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** Which waits count as a thread parked, and which do not although the thread's state says WAITING. */
class ParkedTest {

    /**
     * A thread's state and its stack are read one after the other: a worker read as WAITING for its next action may be
     * running the user's acquire by the time its stack is sampled. Only the stack's top says whether it waits.
     */
    @Test
    void aStackWhoseTopIsNotAWaitIsNotParked() {
        StackTraceElement users = frame("PredecessorLock", "acquire");
        assertFalse(Parked.inAWait(new StackTraceElement[] {frame("java.util.UUID", "randomUUID"), users}));
        assertFalse(Parked.inAWait(new StackTraceElement[] {users}));
        assertFalse(Parked.inAWait(new StackTraceElement[0]));
        assertTrue(Parked.inAWait(new StackTraceElement[] {frame("jdk.internal.misc.Unsafe", "park"),
                frame("java.util.concurrent.locks.LockSupport", "park"), users}));
        assertTrue(Parked.inAWait(new StackTraceElement[] {frame("java.lang.Object", "wait0"),
                frame("java.lang.Object", "wait"), users}));
    }

    private static StackTraceElement frame(String type, String method) {
        return new StackTraceElement(type, method, null, -1);
    }

    @Test
    void latchesMonitorsAndSleepsAreWaits() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        Object monitor = new Object();
        Thread onLatch = new Thread(() -> await(never));
        Thread onMonitor = new Thread(() -> {
            synchronized (monitor) {
                try {
                    monitor.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        Thread asleep = new Thread(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        for (Thread t : new Thread[] {onLatch, onMonitor, asleep}) {
            t.start();
        }
        try {
            awaitState(onLatch, Thread.State.WAITING);
            awaitState(onMonitor, Thread.State.WAITING);
            awaitState(asleep, Thread.State.TIMED_WAITING);
            assertTrue(Parked.inAWait(onLatch));
            assertTrue(Parked.inAWait(onMonitor));
            assertTrue(Parked.inAWait(asleep));
            assertFalse(Parked.inAWait(Thread.currentThread()), "a running thread");
        } finally {
            for (Thread t : new Thread[] {onLatch, onMonitor, asleep}) {
                t.interrupt();
                t.join(10_000);
            }
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits (at most 10 s) until {@code thread} is in {@code state}: a thread's state changes with no signal to wait on. */
    private static void awaitState(Thread thread, Thread.State state) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != state) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(thread + " never reached " + state + ": " + thread.getState());
            }
            Thread.onSpinWait();
        }
    }
}
