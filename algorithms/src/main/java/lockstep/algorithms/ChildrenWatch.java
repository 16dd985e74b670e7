package lockstep.algorithms;

import java.util.List;

/**
 * The queue lock with a herd: sequential children, but every waiter watches the whole list of children.
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code lock-} under the lock node.</li>
 *   <li>List the children WITH a watch on the lock node. If ours has the lowest sequence number, we hold the lock.</li>
 *   <li>Otherwise wait for the children watch to fire, then go back to step 2.</li>
 * </ol>
 *
 * <p>Fair: the lowest sequence number holds, so the lock is granted in request order. But every change of the children
 * (a new request as much as a release) wakes every waiter, and all but one go back to sleep: the herd effect, with
 * one getChildren per waiter per change. Reentrant through the handle ({@link ReentrantHandle}), not the decision.
 */
public final class ChildrenWatch implements LockAlgorithm {

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public boolean watchesChildren() {
        return true;
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index == 0 ? Decision.holds() : Decision.watchChildren();
    }
}
