package lockstep.algorithms.session;

import org.apache.zookeeper.CreateMode;

/**
 * One call a client makes through the seam, as the scheduler and the recorder see it before it reaches the server.
 *
 * @param client the client's name
 * @param op     the operation
 * @param path   the path it names
 * @param mode   the create mode, or null for other operations
 * @param watch  whether the call leaves a watch when it succeeds
 */
public record ZkCall(String client, ZkOp op, String path, CreateMode mode, boolean watch) {

    /** The kind of watch this call leaves, or null when it leaves none. */
    public WatchKind watchKind() {
        if (!watch) {
            return null;
        }
        switch (op) {
            case EXISTS:
                return WatchKind.EXISTS;
            case GET_DATA:
                return WatchKind.DATA;
            case GET_CHILDREN:
                return WatchKind.CHILDREN;
            default:
                return null;
        }
    }
}
