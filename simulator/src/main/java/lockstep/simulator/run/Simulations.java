package lockstep.simulator.run;

import java.nio.file.Path;
import java.util.List;

import lockstep.simulator.BadInputException;
import lockstep.simulator.trace.Event;

/** The simulator's front door for other modules: run a scenario file and get its trace. */
public final class Simulations {

    private Simulations() {
    }

    /**
     * Runs {@code scenario} once with {@code algorithm} against an embedded ZooKeeper in lockstep mode and returns its
     * trace (checker findings included). {@code seed} overrides the scenario's seed when not null.
     */
    public static List<Event> run(Path scenario, String algorithm, Long seed) throws BadInputException {
        throw new UnsupportedOperationException("to be implemented");
    }
}
