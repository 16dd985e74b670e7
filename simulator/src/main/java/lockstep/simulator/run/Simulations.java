package lockstep.simulator.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lockstep.algorithms.Algorithms;
import lockstep.simulator.BadInputException;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
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
     * Runs {@code scenario} once with {@code algorithm} against a fresh embedded ZooKeeper in lockstep mode and returns
     * its trace, checker findings included (appended after {@link Event.RunEnded}).
     *
     * @throws BadInputException when the algorithm is unknown, or a script line does not fit the state it meets
     *                           (one line naming the file, line and column)
     */
    public static List<Event> run(Scenario scenario, String algorithm, long seed) throws BadInputException {
        Algorithms.Info info;
        try {
            info = Algorithms.get(algorithm);
        } catch (IllegalArgumentException unknown) {
            throw new BadInputException("lockstep", unknown.getMessage());
        }
        try (ScenarioRun run = new ScenarioRun(scenario, info, seed)) {
            return run.run();
        } catch (BadInputException bad) {
            throw bad;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("could not start the run: " + e.getMessage(), e);
        }
    }

    /** {@link #load} then {@link #run} with the scenario's seed unless {@code seed} overrides it. */
    public static List<Event> run(Path scenario, String algorithm, Long seed) throws BadInputException {
        Scenario loaded = load(scenario.toString());
        return run(loaded, algorithm, seedFor(loaded, seed));
    }
}
