package lockstep.algorithms;

import java.util.List;

/**
 * The ZooKeeper lock recipe, as in Curator's {@code InterProcessMutex}.
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code lock-} under the lock node.</li>
 *   <li>List the children WITHOUT a watch. If ours has the lowest sequence number, we hold the lock.</li>
 *   <li>Otherwise watch only the next-lower node, with getData: if that node is already gone, getData fails and leaves
 *       no watch behind (exists would leave one), and we go back to step 2.</li>
 *   <li>When the watch fires, go back to step 2: the predecessor may have given up or crashed rather than released,
 *       so being notified does not mean we are first.</li>
 * </ol>
 *
 * <p>Fair: the lock is granted in the order of the requests (sequence numbers). A release wakes exactly one waiter:
 * the next in line. Reentrant through the handle
 * ({@link ReentrantHandle}), not the decision: a holder asking again never reaches it.
 */
public final class Sequential implements LockAlgorithm {

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index == 0 ? Decision.holds() : Decision.watch(sortedChildren.get(index - 1));
    }
}
