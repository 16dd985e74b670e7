package lockstep.simulator.run;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import lockstep.algorithms.Algorithms;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.simulator.BadInputException;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;

/**
 * Many lockstep runs, one after another, on one embedded server started once: what a search needs, where starting a
 * server and waiting for every session to close would cost more than the run itself.
 *
 * <p>Steps: each run opens its own clients, network links and trace on the shared server, under the lock path its
 * scenario's source names (so the caller gives every run a source of its own and runs never see each other's nodes);
 * when it ends, the server is started again if the run left it stopped, and the sessions are closed in the
 * background while the next run begins (at most {@value #CLOSING_AT_ONCE} runs closing at once).
 *
 * <p>Guarantee: a run's trace is the trace {@link Simulations#run} would record for the same scenario, algorithm and
 * choices, except for the lock path: nothing a client can observe depends on the server being shared.
 */
public final class RunsOnOneServer implements AutoCloseable {

    private static final int CLOSING_AT_ONCE = 4;

    private final EmbeddedZooKeeper server;
    private final ExecutorService closer = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "lockstep-run-closer");
        thread.setDaemon(true);
        return thread;
    });
    private final Semaphore closing = new Semaphore(CLOSING_AT_ONCE);

    private RunsOnOneServer(EmbeddedZooKeeper server) {
        this.server = server;
    }

    public static RunsOnOneServer start() throws Exception {
        return new RunsOnOneServer(EmbeddedZooKeeper.start());
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
            world = RunWorld.onSharedServer(scenario, algorithm, scheduler, seed, server, this::closeThenRelease);
        } catch (Exception | Error e) {
            closing.release();
            throw e;
        }
        ScenarioRun run = new ScenarioRun(scenario, algorithm, seed, world);
        try {
            return new Outcome(run.run(steps), null);
        } catch (BadInputException refused) {
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
        server.close();
    }
}
