package lockstep.algorithms;

import java.util.List;

/**
 * The naive lock: one fixed EPHEMERAL znode, {@code lock}, under the lock node.
 *
 * <ol>
 *   <li>Create {@code lock}. If that succeeds, we hold the lock.</li>
 *   <li>On NodeExists, look at it with exists() and a watch. If its owner is our session (our create reached the
 *       server and only its reply was lost), we hold the lock. If it is gone already, go back to step 1.</li>
 *   <li>Otherwise wait for the watch to fire, then go back to step 1.</li>
 * </ol>
 *
 * <p>Not fair: whoever's create reaches the server first wins, whatever the order of arrival. Every waiter is woken
 * by every release and all of them rush to create the node, and all but one fail and watch again: the herd effect,
 * N(N-1)/2 notifications for N clients taking the lock in turn. Reentrant through the handle ({@link ReentrantHandle}),
 * not the decision.
 */
public final class Naive implements LockAlgorithm {

    /** The fixed name of the one lock node. */
    public static final String NODE = "lock";

    @Override
    public String nodePrefix(LockMode mode) {
        return NODE;
    }

    @Override
    public RequestNode requestNode() {
        return RequestNode.FIXED_EPHEMERAL;
    }

    /** Ours: we hold it. Somebody else's: watch it (the engine's exists() look has set that watch). Gone: ask again. */
    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        if (ours != null) {
            return Decision.holds();
        }
        return sortedChildren.isEmpty() ? Decision.requestAgain() : Decision.watch(sortedChildren.get(0));
    }
}
