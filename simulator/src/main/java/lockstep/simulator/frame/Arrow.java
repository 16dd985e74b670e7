package lockstep.simulator.frame;

import lockstep.algorithms.session.WatchKind;

/**
 * A watch the server holds, drawn as a dashed arrow from the node to the client.
 *
 * @param client   who set it
 * @param path     what it watches
 * @param kind     data, exists or children
 * @param children it watches the lock's children (drawn to every card), not one node
 * @param parked   the client's connection is down (cut off, or no server serves it): the server has dropped the
 *                 connection's watches and the client library keeps this one to set it again when it reconnects
 *                 ({@code setWatches}, with its last zxid, so a change it missed fires at once)
 * @param heldBack the node it watches is gone while the watch is parked, or while its client is paused: a
 *                 notification is owed and has not reached the client
 */
public record Arrow(String client, String path, WatchKind kind, boolean children, boolean parked,
                    boolean heldBack) {
}
