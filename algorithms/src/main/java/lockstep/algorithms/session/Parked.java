package lockstep.algorithms.session;

/**
 * Whether a thread's stack shows it parked in one of the JDK's waits: {@code Object.wait}, {@code LockSupport.park}
 * (every latch, condition and lock of {@code java.util.concurrent}) or {@code Thread.sleep}.
 *
 * <p>A thread's state alone does not say so: a thread that waits while another thread initializes a class it needs is
 * in state WAITING too, with its own method (or a JDK method such as {@code UUID.randomUUID}) on top of its stack. Such
 * a thread is about to run on, not waiting for a notification; taking it for parked lets a run step on before the
 * client called (a client seen asking for the lock at a line after its acquire had in fact succeeded).
 *
 * <p>Used for a user's lock, whose waits may be any of these. Curator's waiter is held to a narrower rule (a monitor
 * wait only): Curator also parks in a retry's sleep and in a wait for its connection, which no notification ends.
 */
public final class Parked {

    private Parked() {
    }

    /** True when the top frame of {@code stack} is one of the JDK's waits (a sampled stack, top first). */
    public static boolean inAWait(StackTraceElement[] stack) {
        if (stack.length == 0) {
            return false;
        }
        String type = stack[0].getClassName();
        String method = stack[0].getMethodName();
        return type.equals("java.lang.Object") && method.startsWith("wait")
                || type.equals("jdk.internal.misc.Unsafe") && method.equals("park")
                || type.equals("java.lang.Thread") && method.startsWith("sleep");
    }

    /** True when {@code thread} is in state WAITING or TIMED_WAITING and its stack, sampled after, is in a wait. */
    public static boolean inAWait(Thread thread) {
        Thread.State state = thread.getState();
        return (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING)
                && inAWait(thread.getStackTrace());
    }
}
