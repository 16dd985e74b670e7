package lockstep.simulator.scenario;

import lockstep.simulator.fault.Fault;

/**
 * Something done to the ZooKeeper servers rather than by a client, such as {@code server restart}: a fault.
 * {@code server} is the one server it names ({@code "2"}, {@code "leader"}), or "" when it is done to all of them.
 */
public record ServerStep(Position at, String text, Fault fault, String server) implements Step {

    /** A fault done to every server. */
    public ServerStep(Position at, String text, Fault fault) {
        this(at, text, fault, "");
    }
}
