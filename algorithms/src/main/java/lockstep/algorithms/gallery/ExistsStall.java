package lockstep.algorithms.gallery;

import java.util.List;

import lockstep.algorithms.Decision;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.NodeWatch;

/**
 * {@code bug-exists-stall}: the queue recipe, except that it watches the predecessor with {@code exists} and waits
 * whatever exists returned (as ZooKeeper's own lock recipe module does).
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code lock-}; list the children. Lowest: we hold the lock.</li>
 *   <li>Otherwise call exists on the predecessor with a watch and wait. (The bug: when the predecessor went away
 *       between the listing and the exists, exists returns null and leaves a watch for the node's creation, which
 *       never comes. The waiter never looks again.)</li>
 * </ol>
 *
 * <p>A stuck waiter: it waits forever on a node that is gone, though the lock is free.
 */
public final class ExistsStall implements LockAlgorithm {

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public NodeWatch nodeWatch() {
        return NodeWatch.EXISTS_THEN_WAIT;
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index == 0 ? new Decision.Holds() : new Decision.WatchNode(sortedChildren.get(index - 1).name());
    }
}
