package lockstep.gui.cli;

import java.util.ArrayList;
import java.util.List;

import lockstep.algorithms.registry.Algorithms;
import picocli.CommandLine.Option;

/** The options every command that draws lanes shares: which algorithms (one lane each) and which seed. */
final class LaneOptions {

    static final int MAX_LANES = 3;

    @Option(names = "--algorithm", split = ",", paramLabel = "a,b,c",
            description = "Lanes (1 to 3), default naive,sequential.")
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
