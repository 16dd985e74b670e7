package lockstep.simulator.run;

import java.util.EnumMap;
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
    private CompletableFuture<Boolean> action;
    private Verb actionVerb;
    private LockMode actionMode;
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

    /** Starts {@code verb} (acquire or release) on the client's own thread; {@code done} is told when it ends. */
    void start(Verb verb, LockMode mode, Runnable done) {
        DistributedLock handle = handle(mode);
        actionVerb = verb;
        actionMode = mode;
        action = worker.submit(() -> {
            try {
                if (verb == Verb.ACQUIRE) {
                    handle.acquire();
                } else {
                    handle.release();
                }
                return true;
            } finally {
                done.run();
            }
        });
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
