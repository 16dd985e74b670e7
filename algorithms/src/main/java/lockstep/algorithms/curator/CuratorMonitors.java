package lockstep.algorithms.curator;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.reflect.Field;
import java.util.Optional;

import org.apache.zookeeper.Watcher;

/**
 * Which waiter a Curator watcher can wake. Curator's lock loop ({@code LockInternals}) and its semaphore
 * ({@code InterProcessSemaphoreV2}) each wait in {@code wait()} on their own monitor, and each has one watcher whose
 * {@code process} does nothing but {@code notifyAll} on that monitor ({@code postSafeNotify(this)}). A notification
 * therefore wakes a parked thread only when the watcher's monitor is the very one the thread waits on. A handle that
 * gave up leaves its watch on the server (Curator takes watches back only on release): when that watch fires, it
 * notifies the given-up handle's monitor, while the client's thread waits on another handle's, and nobody wakes.
 *
 * <p>Curator does not say any of this: the watcher's monitor is read from the watcher (Curator's
 * {@code NamespaceWatcher} around the recipe's own watcher, an inner class of the recipe) and the waited-on monitor
 * from the thread ({@link ThreadInfo#getLockInfo}). When a watcher is not one of these, the answer is unknown, and the
 * caller falls back to what it can tell otherwise.
 */
public final class CuratorMonitors {

    /** What a watcher's {@code process} notifies. */
    private sealed interface Target permits Nothing, Monitor {
    }

    /** A Curator watcher already closed (its inner watcher dropped): its {@code process} does nothing. */
    private record Nothing() implements Target {
    }

    /** {@code notifyAll} on this object's monitor. */
    private record Monitor(Object monitor) implements Target {
    }

    private static final String NAMESPACE_WATCHER = "org.apache.curator.framework.imps.NamespaceWatcher";
    private static final String LOCKS = "org.apache.curator.framework.recipes.locks.";

    private CuratorMonitors() {
    }

    /**
     * True for the frame where Curator's waiter parks for a notification: LockInternals' lock loop, or (a semaphore's
     * waiter, which holds the inner mutex meanwhile) InterProcessSemaphoreV2's wait for a lease. Both a client of
     * Curator's recipes and a user's lock that wraps them tell Curator's waiter by it.
     */
    public static boolean isCuratorsWait(StackTraceElement frame) {
        return frame.getClassName().endsWith("LockInternals") && frame.getMethodName().equals("internalLockLoop")
                || frame.getClassName().endsWith("InterProcessSemaphoreV2")
                && frame.getMethodName().equals("internalAcquire1Lease");
    }

    /**
     * Whether a notification for {@code watcher} about {@code path} wakes {@code waiter}, a thread parked in Curator's
     * wait ({@link #isCuratorsWait}): only when the watcher notifies the very monitor the thread waits on. A read
     * handle that gave up leaves its watch on the server, and when it fires, it notifies that handle's monitor while
     * the client's thread waits in its write handle's (explore found the run stalled on it, waiting for a call that
     * never came). When the watcher cannot be told, by the kind of wait: a semaphore's waiter waits first for the
     * inner mutex (LockInternals: a data watch on a node under {@code locks/}), then for a lease (a children watch on
     * {@code leases}), each on its own monitor. The children watch of an earlier try is not taken back on the server
     * (Curator removes it locally, in the background), so its notification may reach a waiter parked in the inner
     * mutex again: it notifies the other monitor, and wakes nobody.
     */
    public static boolean notificationWakes(Thread waiter, Watcher watcher, String path) {
        Optional<Boolean> byMonitor = wakes(waiter, watcher);
        if (byMonitor.isPresent()) {
            return byMonitor.get();
        }
        boolean waitsForALease = false;
        for (StackTraceElement frame : waiter.getStackTrace()) {
            if (frame.getClassName().endsWith("LockInternals")) {
                break;
            }
            if (frame.getClassName().endsWith("InterProcessSemaphoreV2")) {
                waitsForALease = true;
                break;
            }
        }
        return waitsForALease == path.endsWith("/leases");
    }

    /**
     * Whether a notification to {@code watcher} wakes {@code waiter}, a thread parked in a monitor wait: true or false
     * when the watcher is one of Curator's lock watchers, empty when it cannot be told.
     */
    static Optional<Boolean> wakes(Thread waiter, Watcher watcher) {
        Optional<Target> target = targetOf(watcher);
        if (target.isEmpty()) {
            return Optional.empty();
        }
        if (!(target.get() instanceof Monitor notified)) {
            return Optional.of(false);
        }
        ThreadInfo info = ManagementFactory.getThreadMXBean().getThreadInfo(waiter.getId());
        LockInfo waitedOn = info == null ? null : info.getLockInfo();
        if (waitedOn == null) {
            return Optional.empty(); // no longer waiting: the caller's own look decides
        }
        Object monitor = notified.monitor();
        return Optional.of(waitedOn.getClassName().equals(monitor.getClass().getName())
                && waitedOn.getIdentityHashCode() == System.identityHashCode(monitor));
    }

    /** The monitor {@code watcher} notifies, nothing for a closed Curator watcher, empty when unknown. */
    private static Optional<Target> targetOf(Watcher watcher) {
        if (watcher == null || !watcher.getClass().getName().equals(NAMESPACE_WATCHER)) {
            return Optional.empty();
        }
        try {
            Object inner = read(watcher, watcher.getClass(), "actualWatcher");
            if (inner == null) {
                Object curatorWatcher = read(watcher, watcher.getClass(), "curatorWatcher");
                return curatorWatcher == null ? Optional.of(new Nothing()) : Optional.empty();
            }
            Object recipe = read(inner, inner.getClass(), "this$0");
            String recipeClass = recipe == null ? "" : recipe.getClass().getName();
            if (!recipeClass.equals(LOCKS + "LockInternals") && !recipeClass.equals(LOCKS + "InterProcessSemaphoreV2")) {
                return Optional.empty();
            }
            // The recipe's own watcher, the one whose process is postSafeNotify(recipe): not another inner class.
            return read(recipe, recipe.getClass(), "watcher") == inner ? Optional.of(new Monitor(recipe))
                    : Optional.empty();
        } catch (ReflectiveOperationException | RuntimeException unknown) {
            return Optional.empty(); // another Curator than the one this was written against: tell nothing
        }
    }

    private static Object read(Object object, Class<?> type, String name) throws ReflectiveOperationException {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(object);
    }
}
