package lockstep.algorithms;

import java.util.Objects;

/**
 * How the engine makes the node that stands for one lock request: a new node per request, numbered by ZooKeeper
 * (sequential), or the one fixed node every client tries to create; ephemeral (it dies with the session) or
 * persistent; and the {@link NameTag} its name begins with, which is what lets the engine find the node it made after
 * a create whose reply was lost instead of making another.
 *
 * <p>The engine reads these answers and nothing else about how a request is made; every combination it meets is a
 * recipe someone has written, correct or not.
 */
public record RequestNode(boolean sequential, boolean ephemeral, NameTag tag) {

    /** The queue recipe: a protected EPHEMERAL_SEQUENTIAL node per request. */
    public static final RequestNode PROTECTED_SEQUENTIAL = new RequestNode(true, true, NameTag.UNIQUE);

    /** The naive lock: one fixed EPHEMERAL node; its owner session tells whether a lost create reply made it ours. */
    public static final RequestNode FIXED_EPHEMERAL = new RequestNode(false, true, NameTag.NONE);

    public RequestNode {
        Objects.requireNonNull(tag, "tag");
    }

    /** True when a lost create reply can be recovered by looking for our tag among the children. */
    public boolean isProtected() {
        return tag != NameTag.NONE;
    }
}
