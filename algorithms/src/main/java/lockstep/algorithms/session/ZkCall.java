package lockstep.algorithms.session;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher;

/**
 * One call a client makes through the seam, as the scheduler and the recorder see it before it reaches the server.
 *
 * @param client the client's name
 * @param op     the operation
 * @param path   the path it names
 * @param mode   the create mode, or null for other operations
 * @param watch   whether the call leaves a watch when it succeeds
 * @param watcher the caller's own watcher (null for none, or for the session's default watcher): ZooKeeper counts
 *                watchers by equality, one notification per distinct watcher
 */
public record ZkCall(String client, ZkOp op, String path, CreateMode mode, boolean watch, Watcher watcher) {

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
