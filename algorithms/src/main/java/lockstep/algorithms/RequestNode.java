package lockstep.algorithms;

/**
 * How the engine makes the node that stands for one lock request: a new node per request, numbered by ZooKeeper
 * (sequential), or the one fixed node every client tries to create; ephemeral (it dies with the session) or
 * persistent; and protected or not: a protected name begins with a unique tag ({@code _c_<uuid>-}, as Curator's
 * protection), so after a create whose reply was lost the engine can find the node it made instead of making another.
 *
 * <p>The engine reads these three answers and nothing else about how a request is made; every combination it meets is
 * a recipe someone has written, correct or not.
 */
public record RequestNode(boolean sequential, boolean ephemeral, boolean protectedName) {

    /** The queue recipe: a protected EPHEMERAL_SEQUENTIAL node per request. */
    public static final RequestNode PROTECTED_SEQUENTIAL = new RequestNode(true, true, true);

    /** The naive lock: one fixed EPHEMERAL node; its owner session tells whether a lost create reply made it ours. */
    public static final RequestNode FIXED_EPHEMERAL = new RequestNode(false, true, false);
}
