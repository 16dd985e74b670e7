package lockstep.algorithms;

import java.util.List;

/**
 * A lock recipe's decision, and nothing else: given the lock's children sorted by sequence number and our own node,
 * do we hold the lock, or what do we watch? The {@link lockstep.algorithms.engine.LockEngine} does every ZooKeeper call,
 * wait and retry around it; an algorithm never talks to ZooKeeper.
 */
public interface LockAlgorithm {

    /** The word before the sequence number of a node requested in {@code mode}: {@code lock-}, {@code read-}, ... */
    String nodePrefix(LockMode mode);

    /**
     * The decision for {@code ours} among {@code sortedChildren} (every child of the lock node, ordered by sequence
     * number; {@code ours} is one of them).
     */
    Decision decide(List<NodeName> sortedChildren, NodeName ours);

    /**
     * True when the algorithm lists the children WITH a watch on every look (the herd variant), so a waiter wakes on
     * any change of the children; false when it lists them without one and watches only what {@link #decide} names.
     */
    default boolean watchesChildren() {
        return false;
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
