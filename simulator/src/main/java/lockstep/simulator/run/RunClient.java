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
 */
final class RunClient {

    final String name;
    final LockClient session;
    final ClientWorker worker;
    private final String lockPath;
    private final Map<LockMode, DistributedLock> handles = new EnumMap<>(LockMode.class);
    /** Handles asked for besides the client's own one per mode: a holder's acquire when reentrancy is off. */
    private final List<DistributedLock> more = new ArrayList<>();
    private CompletableFuture<Boolean> action;
    private Verb actionVerb;
    private LockMode actionMode;
    /** The running action was started while the client held the lock: a re-acquire, a downgrade, an upgrade. */
    private boolean actionByAHolder;
    /** The client is giving up its wait: the acquire it has running will fail, and that is what it asked for. */
    boolean givingUp;
    /** The fencing token of the node it last got the lock with: it keeps sending it, zombie or not. */
    long token = -1;
    boolean gone;
    /** The session it was on when its action started: a later one means its request died with the old one. */
    int sessionAtStart = 1;

    RunClient(String name, LockClient session, String lockPath) {
        this.name = name;
        this.session = session;
        this.lockPath = lockPath;
        this.worker = new ClientWorker(name);
    }

    DistributedLock handle(LockMode mode) {
        return handles.computeIfAbsent(mode, m -> session.lock(lockPath, m));
    }

    /** A handle of its own for one more request, as a client without reentrancy makes when it asks again. */
    DistributedLock newHandle(LockMode mode) {
        DistributedLock handle = session.lock(lockPath, mode);
        more.add(handle);
        return handle;
    }

    /** The modes the client's handles hold now, as its lock API says (write before read). */
    List<LockMode> heldModes() {
        List<LockMode> held = new ArrayList<>();
        for (LockMode mode : List.of(LockMode.EXCLUSIVE, LockMode.WRITE, LockMode.READ)) {
            DistributedLock handle = handles.get(mode);
            if (handle != null && handle.isHeld() || more.stream().anyMatch(h -> h.mode() == mode && h.isHeld())) {
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
        for (int i = more.size() - 1; i >= 0; i--) {
            if (more.get(i).mode() == mode && more.get(i).isHeld()) {
                return more.get(i);
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
     * {@code done} is told when it ends. The action's outcome is false for a try-acquire that found the lock taken.
     */
    void start(Verb verb, DistributedLock handle, boolean byAHolder, Runnable done) {
        actionVerb = verb;
        actionMode = handle.mode();
        actionByAHolder = byAHolder;
        action = worker.submit(() -> {
            try {
                switch (verb) {
                    case ACQUIRE -> handle.acquire();
                    case TRY_ACQUIRE -> {
                        return handle.tryAcquire();
                    }
                    default -> handle.release();
                }
                return true;
            } finally {
                done.run();
            }
        });
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
