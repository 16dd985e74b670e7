package lockstep.algorithms.session;

import org.apache.zookeeper.Watcher.Event.EventType;

/**
 * The three kinds of one-shot watch a client can leave on a path, and which events consume them (as ZooKeeper's
 * client delivers them: one event per distinct watcher per path).
 */
public enum WatchKind {
    /** Set by getData on an existing node: fires on NodeDeleted and NodeDataChanged. */
    DATA,
    /** Set by exists, whether or not the node exists: fires on NodeCreated, NodeDeleted, NodeDataChanged. */
    EXISTS,
    /** Set by getChildren: fires on NodeChildrenChanged, and on NodeDeleted of the node itself. */
    CHILDREN;

    /** True when an event of {@code type} on the watched path fires (and consumes) a watch of this kind. */
    public boolean firedBy(EventType type) {
        switch (this) {
            case DATA:
                return type == EventType.NodeDeleted || type == EventType.NodeDataChanged;
            case EXISTS:
                return type == EventType.NodeCreated || type == EventType.NodeDeleted
                        || type == EventType.NodeDataChanged;
            case CHILDREN:
                return type == EventType.NodeChildrenChanged || type == EventType.NodeDeleted;
            default:
                throw new AssertionError(this);
        }
    }
}
