package lockstep.simulator.frame;

import org.apache.zookeeper.Watcher.Event.EventType;

/**
 * A notification of this script line, drawn as a pulse along the path from the node to the client for the whole
 * line, so a futile wake-up stays visible after its client has waited again.
 *
 * @param client who received it
 * @param path   the node it is about
 * @param type   what happened to the node
 * @param stray  it arrived for a watch the client had taken back: the client drops it
 */
public record Pulse(String client, String path, EventType type, boolean stray) {
}
