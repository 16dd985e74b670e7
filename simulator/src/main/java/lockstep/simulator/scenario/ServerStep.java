package lockstep.simulator.scenario;

import lockstep.simulator.fault.Fault;

/** Something done to the ZooKeeper servers rather than by a client, such as {@code server restart}: a fault. */
public record ServerStep(Position at, String text, Fault fault) implements Step {
}
