package lockstep.simulator.run;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.EmbeddedEnsemble;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.simulator.BadInputException;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;

/**
 * Many lockstep runs, one after another, on one embedded server (or one embedded ensemble) started once: what a
 * search needs, where starting servers and waiting for every session to close would cost more than the run itself.
 *
 * <p>Steps: each run opens its own clients, network links and trace on the shared server, under the lock path its
 * scenario's source names (so the caller gives every run a source of its own and runs never see each other's nodes);
 * when it ends, the servers are started again if the run left one stopped (on an ensemble, the highest-numbered
 * server is made the leader again, as on a fresh one), and the sessions are closed in the
 * background while the next run begins (at most {@value #CLOSING_AT_ONCE} runs closing at once).
 *
 * <p>Guarantee: a run's trace is the trace {@link Simulations#run} would record for the same scenario, algorithm and
 * choices, except for the lock path: nothing a client can observe depends on the server being shared.
 */
public final class RunsOnOneServer implements AutoCloseable {

    private static final int CLOSING_AT_ONCE = 4;

    /** The one server, or the one ensemble ({@link #start(int)}): a cluster that is also closed here. */
    private final Shared server;
    private final ExecutorService closer = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "lockstep-run-closer");
        thread.setDaemon(true);
        return thread;
    });
    private final Semaphore closing = new Semaphore(CLOSING_AT_ONCE);

    private RunsOnOneServer(Shared server) {
        this.server = server;
    }

    /** One embedded server shared by every run. */
    public static RunsOnOneServer start() throws Exception {
        return start(1);
    }

    /**
     * {@code servers} embedded servers shared by every run: one server (1) or an ensemble of 3 or 5, started once.
     * Between two runs on an ensemble every server runs again and the highest-numbered one leads, as on a fresh
     * ensemble, so a run's trace does not depend on what the run before it killed.
     */
    public static RunsOnOneServer start(int servers) throws Exception {
        return new RunsOnOneServer(servers == 1 ? new Shared(EmbeddedZooKeeper.start())
                : new Shared(EmbeddedEnsemble.start(servers)));
    }

    /** How many servers the runs share. */
    public int servers() {
        return server.cluster().size();
    }

    /** A cluster and its closing, whichever kind it is. */
    private record Shared(lockstep.algorithms.server.Cluster cluster, AutoCloseable owner) {
        <C extends lockstep.algorithms.server.Cluster & AutoCloseable> Shared(C servers) {
            this(servers, servers);
        }
    }

    /**
     * The trace of one run, and why a line was refused if one was (a line that does not fit the state it meets
     * ends the run there; the trace then ends with that line's {@code RunEnded "stopped: ..."}).
     */
    public record Outcome(List<Event> trace, String refusal) {

        public boolean refused() {
            return refusal != null;
        }
    }

    /** Runs {@code scenario}'s clients with the lines {@code steps} hands out (its own script is not used). */
    public Outcome run(Scenario scenario, Algorithms.Info algorithm, long seed, Scheduler scheduler,
                       StepSource steps) throws Exception {
        closing.acquire();
        RunWorld world;
        try {
            world = server.owner() instanceof EmbeddedEnsemble ensemble
                    ? RunWorld.onSharedServer(scenario, algorithm, scheduler, seed, ensemble, this::closeThenRelease)
                    : RunWorld.onSharedServer(scenario, algorithm, scheduler, seed, (EmbeddedZooKeeper) server.owner(),
                            this::closeThenRelease);
        } catch (Exception | Error e) {
            closing.release();
            throw e;
        }
        ScenarioRun run = new ScenarioRun(scenario, algorithm, seed, world);
        try {
            return new Outcome(run.run(steps), null);
        } catch (BadInputException refused) {
            if (run.stoppedByTheLock()) {
                throw refused; // a lock that cannot be scheduled: no other script would do better, the search stops
            }
            return new Outcome(run.events(), refused.getMessage());
        } finally {
            run.close();
        }
    }

    /** {@link #run(Scenario, Algorithms.Info, long, Scheduler, StepSource)} with the scenario's own script. */
    public Outcome run(Scenario scenario, Algorithms.Info algorithm, long seed, Scheduler scheduler)
            throws Exception {
        java.util.Iterator<lockstep.simulator.scenario.Step> script = scenario.script().iterator();
        return run(scenario, algorithm, seed, scheduler, state -> script.hasNext() ? script.next() : null);
    }

    private void closeThenRelease(Runnable windDown) {
        closer.execute(() -> {
            try {
                windDown.run();
            } finally {
                closing.release();
            }
        });
    }

    @Override
    public void close() throws Exception {
        closer.shutdown();
        closer.awaitTermination(60, TimeUnit.SECONDS);
        server.owner().close();
    }
}
