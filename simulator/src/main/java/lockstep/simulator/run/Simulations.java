package lockstep.simulator.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lockstep.algorithms.Algorithms;
import lockstep.simulator.BadInputException;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.schedule.ReplayingScheduler;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;

/** The simulator's front door for other modules: find a scenario, run it, get its trace. */
public final class Simulations {

    /** The seed of a scenario that names none and is given none. */
    public static final long DEFAULT_SEED = 1;

    private Simulations() {
    }

    /**
     * A scenario by file path, or a built-in by id or name ({@code 02}, {@code 02-herd-effect}). A path that exists
     * wins over a built-in of the same name.
     */
    public static Scenario load(String pathOrBuiltIn) throws BadInputException {
        Path path = Path.of(pathOrBuiltIn);
        if (Files.exists(path) || pathOrBuiltIn.contains("/") || pathOrBuiltIn.endsWith(".yaml")
                || pathOrBuiltIn.endsWith(".yml")) {
            return ScenarioLoader.load(path);
        }
        return BuiltInScenarios.load(pathOrBuiltIn);
    }

    /** The seed a run uses: the override when given, else the scenario's, else {@link #DEFAULT_SEED}. */
    public static long seedFor(Scenario scenario, Long override) {
        if (override != null) {
            return override;
        }
        return scenario.seed() != null ? scenario.seed() : DEFAULT_SEED;
    }

    /**
     * Runs {@code scenario} once with {@code algorithm} against a fresh embedded ZooKeeper in lockstep mode, its
     * choices made by the seed ({@link Scheduler#seeded}), and returns its trace. Findings are not part of a trace:
     * {@code Checker.check(trace)} computes them.
     *
     * @throws BadInputException when the algorithm is unknown, or a script line does not fit the state it meets
     *                           (one line naming the file, line and column)
     */
    public static List<Event> run(Scenario scenario, String algorithm, long seed) throws BadInputException {
        return run(scenario, algorithm, seed, Scheduler.seeded(seed));
    }

    /** {@link #run(Scenario, String, long)} with the choices made by {@code scheduler}. */
    public static List<Event> run(Scenario scenario, String algorithm, long seed, Scheduler scheduler)
            throws BadInputException {
        Algorithms.Info info;
        try {
            info = Algorithms.get(algorithm);
        } catch (IllegalArgumentException unknown) {
            throw new BadInputException("lockstep", unknown.getMessage());
        }
        return run(scenario, info, seed, scheduler);
    }

    /** {@link #run(Scenario, String, long, Scheduler)} with an algorithm given as it is, registered or not. */
    public static List<Event> run(Scenario scenario, Algorithms.Info info, long seed, Scheduler scheduler)
            throws BadInputException {
        try (ScenarioRun run = new ScenarioRun(scenario, info, seed, scheduler)) {
            return run.run();
        } catch (BadInputException bad) {
            throw bad;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("could not start the run: " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code scenario} again with the choices recorded in {@code schedule} (a saved trace of it): the same
     * algorithm and seed, so the new trace is the same, byte for byte, as long as the scenario is. Once the recorded
     * choices are used up the seed decides, so a trace cut short replays as far as it goes and carries on.
     *
     * @param source names the schedule's file in messages
     * @throws BadInputException when a recorded choice does not fit this scenario (one line, at the trace's line)
     */
    public static List<Event> replay(Scenario scenario, List<Event> schedule, String source)
            throws BadInputException {
        Event.RunStarted started = (Event.RunStarted) schedule.get(0);
        Scheduler replaying = new ReplayingScheduler(ReplayingScheduler.choicesOf(schedule),
                Scheduler.seeded(started.seed()));
        try {
            return run(scenario, started.algorithm(), started.seed(), replaying);
        } catch (ReplayingScheduler.ScheduleMismatch mismatch) {
            throw new BadInputException(source, mismatch.choice().index() + 1, 1, mismatch.getMessage()
                    + " (expected a trace of this scenario)");
        }
    }

    /** {@link #load} then {@link #run} with the scenario's seed unless {@code seed} overrides it. */
    public static List<Event> run(Path scenario, String algorithm, Long seed) throws BadInputException {
        Scenario loaded = load(scenario.toString());
        return run(loaded, algorithm, seedFor(loaded, seed));
    }
}
