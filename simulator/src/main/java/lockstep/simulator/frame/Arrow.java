package lockstep.simulator.frame;

import lockstep.algorithms.session.WatchKind;

/**
 * A watch the server holds, drawn as a dashed arrow from the node to the client.
 *
 * @param client   who set it
 * @param path     what it watches
 * @param kind     data, exists or children
 * @param children it watches the lock's children (drawn to every card), not one node
 */
public record Arrow(String client, String path, WatchKind kind, boolean children) {
}
