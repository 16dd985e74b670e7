package lockstep.simulator.scenario;

/** Something done to the ZooKeeper server rather than by a client, such as {@code server restart}. */
public record ServerStep(Position at, String text, ServerVerb verb) implements Step {
}
