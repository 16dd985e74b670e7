package lockstep.gui.cli;

import java.util.ArrayList;
import java.util.List;

import lockstep.algorithms.registry.Algorithms;
import picocli.CommandLine.Option;

/** The options every command that draws lanes shares: which algorithms (one lane each) and which seed. */
final class LaneOptions {

    static final int MAX_LANES = 3;

    @Option(names = "--algorithm", split = ",", paramLabel = "a,b,c",
            description = "Lanes (1 to 3); default naive,sequential, or the pair a bug's, a semaphore's, a multi-lock's or a read/write scenario is shown with.")
    List<String> algorithms = new ArrayList<>(List.of("naive", "sequential"));

    @Option(names = "--seed", description = "Seed (default: the scenario's).")
    Long seed;

    /** Which servers the runs use ({@code --ensemble}), as {@code lockstep run} takes them. */
    @picocli.CommandLine.Mixin
    lockstep.simulator.cli.ServerOptions servers = new lockstep.simulator.cli.ServerOptions();

    /** Locks the user wrote ({@code --lock}): a lane each, beside the algorithms. */
    @picocli.CommandLine.Mixin
    lockstep.simulator.cli.LockOptions locks = new lockstep.simulator.cli.LockOptions();

    /**
     * Without {@code --algorithm} or {@code --lock}: the lanes {@code source} is run with when nobody names any
     * ({@link lockstep.simulator.scenario.Showcase#whenNoneIsNamed}: naive beside sequential, unless those cannot show
     * it, as a bug's scenario). A trace, or a source that does not load, keeps the default: its own error comes from
     * the load that follows.
     */
    void whenNoneIsNamed(String source, boolean given) {
        if (given || !locks.isEmpty() || source == null || source.endsWith(".jsonl")) {
            return;
        }
        try {
            lockstep.simulator.scenario.Scenario scenario = lockstep.simulator.run.Simulations.load(source);
            algorithms = new ArrayList<>(lockstep.simulator.scenario.Showcase.whenNoneIsNamed(scenario.source(),
                    scenario));
        } catch (lockstep.simulator.BadInputException | RuntimeException e) {
            // reported by the load that follows, in its own words
        }
    }

    /**
     * Loads the {@code --lock} classes and gives each a lane: beside the algorithms when {@code --algorithm} was
     * given ({@code given}), else alone.
     */
    void addLocks(boolean given) throws lockstep.simulator.BadInputException {
        if (!locks.isEmpty()) {
            algorithms = new ArrayList<>(locks.beside(given ? algorithms : null, algorithms));
        }
    }

    /**
     * What is wrong with these options, as one line naming the option, or null when nothing is. An unknown algorithm
     * is worded as {@code lockstep run} words it.
     */
    String problem() {
        if (algorithms.isEmpty() || algorithms.size() > MAX_LANES) {
            return "--algorithm: one to three algorithms (got " + algorithms.size() + ")";
        }
        for (String name : algorithms) {
            if (Algorithms.find(name).isEmpty()) {
                return "--algorithm: " + (name.isBlank() ? "empty algorithm name" : "unknown algorithm '" + name + "'")
                        + " (expected one of " + String.join(", ", Algorithms.names()) + ")";
            }
        }
        if (seed != null && seed < 0) {
            return "--seed: must be a non-negative integer (got " + seed + ")";
        }
        return null;
    }
}
