package lockstep.algorithms;

/**
 * How the engine sets the watch on the one node a decision names ({@link Decision.WatchNode}).
 */
public enum NodeWatch {
    /**
     * getData with a watch: on a node that is already gone it fails with NoNode and leaves no watch behind, and the
     * engine looks at the children again at once. The recipe's way.
     */
    GET_DATA,
    /**
     * exists with a watch, then wait whatever it returned. When the node is already gone, exists returns null and
     * leaves a watch for the node's creation, which never comes: the waiter never looks again. A gap of ZooKeeper's
     * own lock recipe module (a bug of the gallery).
     */
    EXISTS_THEN_WAIT
}
