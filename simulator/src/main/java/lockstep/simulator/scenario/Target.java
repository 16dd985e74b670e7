package lockstep.simulator.scenario;

/** Who performs an action: one named client, or a group the runner resolves when the step runs. */
public sealed interface Target {

    /** One client, by name; the loader guarantees the scenario declares it. */
    record Client(String name) implements Target {
    }

    /** {@code all}: every client, one after another in the order the scenario declares them. */
    record All() implements Target {
    }

    /** {@code holder}: the client that has held the lock longest when the step runs. */
    record Holder() implements Target {
    }

    /** {@code holders}: every client holding the lock when the step runs, in grant order. */
    record Holders() implements Target {
    }
}
