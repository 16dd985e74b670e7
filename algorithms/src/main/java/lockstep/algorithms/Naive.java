package lockstep.algorithms;

/**
 * The naive lock: one fixed EPHEMERAL znode, {@code lock}, under the lock node.
 *
 * <ol>
 *   <li>Create {@code lock}. If that succeeds, we hold the lock.</li>
 *   <li>On NodeExists, set an exists() watch on it. If it is gone already, go back to step 1.</li>
 *   <li>Wait for NodeDeleted, then go back to step 1.</li>
 * </ol>
 *
 * <p>Not fair: whoever's create reaches the server first wins, whatever the order of arrival. Every waiter is woken
 * by every release and all of them rush to create the node, and all but one fail and watch again: the herd effect,
 * N(N-1)/2 notifications for N clients taking the lock in turn. Not reentrant.
 *
 * <p>The decision is trivial; it lives here so the engine's naive path reads like the recipe.
 */
public final class Naive {

    /** The fixed name of the one lock node. */
    public static final String NODE = "lock";

    /**
     * After a failed create: the node exists. It is ours when its ephemeral owner is our session (our create reached
     * the server but its reply was lost); otherwise we watch it.
     */
    public Decision afterNodeExists(long ephemeralOwner, long ourSessionId) {
        return ephemeralOwner == ourSessionId ? Decision.holds() : new Decision.WatchNode(NODE);
    }
}
