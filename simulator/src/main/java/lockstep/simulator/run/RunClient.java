package lockstep.simulator.run;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.simulator.scenario.Verb;

/**
 * One client of a run as the runner drives it: its session, its own thread, its lock handles, and the action it has
 * running. What the client <em>is</em> (waiting, holding, its session alive) is not kept here: it is read from the
 * trace ({@link TraceRecorder#state()}).
 *
 * <p>Everything here is private and changed only through methods that say what happened: an action
 * {@linkplain #start started}, the client {@linkplain #giveUp() giving up} its wait, {@linkplain #crash() crashing},
 * {@linkplain #grantedWithToken getting the lock}. Only the thread that runs the scenario calls them, except the
 * reads the {@link Gate} makes from ZooKeeper's event threads ({@link #hasActionRunning()},
 * {@link #isParkedForANotification()}, {@link #wakesOnNotificationTo}).
 */
final class RunClient {

    private final String name;
    private final LockClient session;
    private final ClientWorker worker;
    private final lockstep.algorithms.LockTarget target;
    private final Map<LockMode, DistributedLock> handles = new EnumMap<>(LockMode.class);
    /** Handles asked for besides the client's own one per mode: a holder's acquire when reentrancy is off. */
    private final List<DistributedLock> more = new ArrayList<>();
    /** Its handles on named locks ({@code c1 acquire A,B}), by the paths asked, in the order asked. */
    private final Map<List<String>, DistributedLock> named = new java.util.LinkedHashMap<>();
    /** Volatile: the gate reads it from ZooKeeper's event threads to tell whether the client is busy. */
    private volatile CompletableFuture<Boolean> action;
    private Verb actionVerb;
    private LockMode actionMode;
    /** The running action was started while the client held the lock: a re-acquire, a downgrade, an upgrade. */
    private boolean actionByAHolder;
    /** The client is giving up its wait: the acquire it has running will fail, and that is what it asked for. */
    private boolean givingUp;
    /** The fencing token of the node it last got the lock with: it keeps sending it, zombie or not. */
    private long token = -1;
    /** The client crashed: its process is gone, and it takes no part in the run any more. */
    private boolean gone;
    /** The session it was on when its request started: a later one means its request died with the old one. */
    private int sessionOfRequest = 1;

    RunClient(String name, LockClient session, lockstep.algorithms.LockTarget target) {
        this.name = name;
        this.session = session;
        this.target = target;
        this.worker = new ClientWorker(name);
    }

    String name() {
        return name;
    }

    /** True once the client crashed: its process is gone. */
    boolean isGone() {
        return gone;
    }

    /** True while the acquire it has running is being given up on purpose (its failure is what it asked for). */
    boolean isGivingUp() {
        return givingUp;
    }

    /** The fencing token it last got the lock with (-1 before its first grant): it keeps sending it, zombie or not. */
    long token() {
        return token;
    }

    /** It got the lock with the node whose fencing token is {@code token}. */
    void grantedWithToken(long token) {
        this.token = token;
    }

    /** A new request starts on session {@code session} (numbered as the trace numbers them). */
    void requestsOnSession(int session) {
        sessionOfRequest = session;
    }

    /** The session its request started on: a later one means the request died with the old one. */
    int sessionOfRequest() {
        return sessionOfRequest;
    }

    /** True while its thread is parked waiting for a notification, as its client library tells. */
    boolean isParkedForANotification() {
        return session.isWaitingForNotification(worker.thread());
    }

    /** The first thing its lock code did that the run cannot schedule (a user's lock only), or null. */
    lockstep.algorithms.Unschedulable unschedulable() {
        return session.unschedulable();
    }

    /** Where its thread is in a user's lock code now ({@code MyLock.java:42}), or null. */
    String whereInTheLock() {
        return session.whereInTheLock(worker.thread());
    }

    /** Where one of its watchers stands in a user's lock code while it runs ({@code MyLock.java:42}), or null. */
    String whereAWatcherStands() {
        return session.whereAWatcherStands();
    }

    /** Whether its client library tells the seam when its thread parks for a notification (Curator's does not). */
    boolean saysWhenItParks() {
        return session.saysWhenItParks();
    }

    /** Whether a notification to {@code watcher} wakes one of its handles (false for a handle that already holds). */
    boolean wakesOnNotificationTo(org.apache.zookeeper.Watcher watcher, String path) {
        return session.notificationWakes(worker.thread(), watcher, path);
    }

    /** Whether its client library opens a new session on its own once it learns that its session expired. */
    boolean opensNewSessionAfterExpiry() {
        return session.opensNewSessionAfterExpiry();
    }

    /** The server ends its session now, as a session timeout would; the client learns of it later. */
    void endSessionOnServer() throws Exception {
        session.endSessionOnServer();
    }

    /** It stops waiting, as on a timeout: its thread is interrupted, and the acquire's failure is what it asked. */
    void giveUp() {
        givingUp = true;
        worker.interrupt();
    }

    /**
     * Its process dies: the session closes abruptly (no release), a running action ends (a waiter of a dead session
     * would otherwise wait for ever), and from now on it is gone.
     */
    void crash() {
        session.crash();
        if (hasActionRunning()) {
            worker.interrupt();
            awaitActionEnd();
        }
        forgetAction();
        gone = true;
        session.close();
    }

    /** At the end of the run: interrupts whatever its thread still waits for and closes its session. */
    void closeSession() {
        worker.interrupt();
        session.close();
    }

    /** At the end of the run, after {@link #closeSession()}: its thread stops. */
    void stopThread() {
        worker.close();
    }

    DistributedLock handle(LockMode mode) {
        return handles.computeIfAbsent(mode, m -> session.lock(target, m));
    }

    /**
     * Its handle on the locks at {@code paths}, taken as one (a multi-lock) in the order given; the client's own
     * handle when {@code paths} is empty (the line names no lock).
     */
    DistributedLock handle(LockMode mode, List<String> paths) {
        if (paths.isEmpty()) {
            return handle(mode);
        }
        return named.computeIfAbsent(paths, p -> session.lock(lockstep.algorithms.LockTarget.all(p), mode));
    }

    /** Every handle it has, its own first. */
    private List<DistributedLock> allHandles() {
        List<DistributedLock> all = new ArrayList<>(handles.values());
        all.addAll(more);
        all.addAll(named.values());
        return all;
    }

    /** A handle of its own for one more request, as a client without reentrancy makes when it asks again. */
    DistributedLock newHandle(LockMode mode) {
        DistributedLock handle = session.lock(target, mode);
        more.add(handle);
        return handle;
    }

    /** The modes the client's handles hold now, as its lock API says (write before read). */
    List<LockMode> heldModes() {
        List<LockMode> held = new ArrayList<>();
        for (LockMode mode : List.of(LockMode.EXCLUSIVE, LockMode.WRITE, LockMode.READ)) {
            DistributedLock handle = handles.get(mode);
            if (handle != null && handle.isHeld() || more.stream().anyMatch(h -> h.mode() == mode && h.isHeld())
                    || named.values().stream().anyMatch(h -> h.mode() == mode && h.isHeld())) {
                held.add(mode);
            }
        }
        return held;
    }

    /** The handle that holds {@code mode}: the client's own, else the latest other one that holds it. */
    DistributedLock holding(LockMode mode) {
        DistributedLock own = handles.get(mode);
        if (own != null && own.isHeld()) {
            return own;
        }
        List<DistributedLock> others = allHandles().subList(handles.size(), allHandles().size());
        for (int i = others.size() - 1; i >= 0; i--) {
            if (others.get(i).mode() == mode && others.get(i).isHeld()) {
                return others.get(i);
            }
        }
        return handle(mode);
    }

    boolean actionByAHolder() {
        return actionByAHolder;
    }

    boolean hasActionRunning() {
        return action != null && !action.isDone();
    }

    boolean hasActionFinished() {
        return action != null && action.isDone();
    }

    Verb actionVerb() {
        return actionVerb;
    }

    LockMode actionMode() {
        return actionMode;
    }

    /**
     * Starts {@code verb} (acquire, try-acquire or release) with {@code handle} on the client's own thread;
     * {@code done} is told once it has ended, when {@link #hasActionRunning()} already says so. The action's outcome
     * is false for a try-acquire that found the lock taken. An acquire starts with no give-up pending.
     */
    void start(Verb verb, DistributedLock handle, boolean byAHolder, Runnable done) {
        if (verb != Verb.RELEASE) {
            givingUp = false;
        }
        actionVerb = verb;
        actionMode = handle.mode();
        actionByAHolder = byAHolder;
        CompletableFuture<Boolean> started = worker.submit(() -> {
            switch (verb) {
                case ACQUIRE -> handle.acquire();
                case TRY_ACQUIRE -> {
                    return handle.tryAcquire();
                }
                default -> handle.release();
            }
            return true;
        });
        action = started;
        // Told after the future completed, never before: whoever is told looks at hasActionRunning() at once (the
        // gate, waiting for a stable point on this very signal).
        started.whenComplete((result, failure) -> done.run());
    }

    /** Whether the finished action succeeded; null when it failed (then {@link #takeOutcome} has the failure). */
    Boolean peekResult() {
        return action != null && action.isDone() && !action.isCompletedExceptionally() ? action.join() : null;
    }

    /** The finished action's failure, or null when it succeeded; clears the action. */
    Throwable takeOutcome() {
        CompletableFuture<Boolean> done = action;
        action = null;
        try {
            done.join();
            return null;
        } catch (java.util.concurrent.CompletionException e) {
            return e.getCause();
        }
    }

    /** Waits for a running action to end (after its session ended under it). */
    void awaitActionEnd() {
        if (action == null) {
            return;
        }
        try {
            action.get(Gate.STALL_NANOS, java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException ended) {
            // expected: its wait ended with its session
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void forgetAction() {
        action = null;
    }
}
