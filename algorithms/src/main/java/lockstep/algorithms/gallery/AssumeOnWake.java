package lockstep.algorithms.gallery;

import java.util.List;

import lockstep.algorithms.Decision;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NodeName;

/**
 * {@code bug-assume-on-wake}: the queue recipe, except that when the watched predecessor goes away the waiter takes
 * the lock without listing the children again, as many blog implementations do.
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code lock-}; list the children. Lowest: we hold the lock.</li>
 *   <li>Otherwise watch the predecessor; when the watch fires, hold the lock. (The bug: the predecessor may have given
 *       up or crashed rather than released, and someone lower may still hold.)</li>
 * </ol>
 *
 * <p>Breaks mutual exclusion when a waiter in the middle of the queue gives up: the one behind it wakes and holds
 * beside the real holder.
 */
public final class AssumeOnWake implements LockAlgorithm {

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index == 0 ? new Decision.Holds() : new Decision.WatchNodeThenHold(sortedChildren.get(index - 1).name());
    }
}
