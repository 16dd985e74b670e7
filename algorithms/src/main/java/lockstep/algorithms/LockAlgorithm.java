package lockstep.algorithms;

import java.util.List;

/**
 * A lock recipe's decision, and nothing else: given what one look at the lock showed (the children, ordered by
 * sequence number, and our own node), do we hold the lock, what do we watch, or do we ask again? The
 * {@link lockstep.algorithms.engine.LockEngine} does every ZooKeeper call, wait and retry around it; an algorithm never
 * talks to ZooKeeper. The few answers below tell the engine which calls the recipe makes.
 */
public interface LockAlgorithm {

    /**
     * The word before the sequence number of a node requested in {@code mode}: {@code lock-}, {@code read-}, ...; for a
     * {@linkplain RequestNode#sequential() fixed} request node, its whole name.
     */
    String nodePrefix(LockMode mode);

    /**
     * The decision for {@code ours} among {@code sortedChildren} (every child of the lock node, in
     * {@linkplain #order(List) this algorithm's order}).
     *
     * <p>For a sequential request node, {@code ours} is one of the children. For a fixed one, the engine looks at that
     * node alone: {@code sortedChildren} holds it when it exists, and {@code ours} is it when it is ours (our create
     * made it), {@code null} otherwise.
     */
    Decision decide(List<NodeName> sortedChildren, NodeName ours);

    /** How the engine makes the node of a request. */
    default RequestNode requestNode() {
        return RequestNode.PROTECTED_SEQUENTIAL;
    }

    /** How the engine sets the watch on the one node a {@link Decision.WatchNode} names. */
    default NodeWatch nodeWatch() {
        return NodeWatch.GET_DATA;
    }

    /** What the client does once it learns its session expired: by default it is finished, as a plain handle is. */
    default AfterExpiry afterExpiry() {
        return AfterExpiry.CLIENT_ENDS;
    }

    /**
     * True when the algorithm lists the children WITH a watch on every look (the herd variant), so a waiter wakes on
     * any change of the children; false when it lists them without one and watches only what {@link #decide} names.
     */
    default boolean watchesChildren() {
        return false;
    }

    /**
     * This decision for a lock of {@code permits} permits: itself for one; a semaphore's decision (flagged
     * {@link Flag#PERMITS}) counts them. A lock of one holder refuses more.
     *
     * @throws IllegalArgumentException for more than one permit, unless the algorithm is a semaphore
     */
    default LockAlgorithm forPermits(int permits) {
        if (permits != 1) {
            throw new IllegalArgumentException(getClass().getSimpleName() + " is held by one client at a time, not "
                    + permits);
        }
        return this;
    }

    /**
     * For a multi-lock (flagged {@link Flag#MULTI}): the order in which it takes {@code paths}, several locks taken as
     * one, each with this decision. Null (the default) for an algorithm that takes one lock only.
     */
    default List<String> lockOrder(List<String> paths) {
        return null;
    }

    /** Orders the children for {@link #decide}: by sequence number (see {@link NodeName#compareTo}). */
    default List<NodeName> order(List<NodeName> children) {
        return children.stream().sorted().toList();
    }

    /** Throws when {@code ours} is not among the children: our node vanished (session expired, or deleted by hand). */
    static int indexOf(List<NodeName> sortedChildren, NodeName ours) {
        int index = sortedChildren.indexOf(ours);
        if (index < 0) {
            throw new IllegalStateException("our node " + ours + " is no longer among the lock's children");
        }
        return index;
    }
}
