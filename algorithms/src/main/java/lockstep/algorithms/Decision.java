package lockstep.algorithms;

import java.util.Objects;

/**
 * What a lock algorithm decides after looking at the lock: the client holds the lock, it must wait and watch something
 * before it looks again, or (when its request node is gone, as the naive lock's after a release) it asks again.
 */
public sealed interface Decision {

    /** The client holds the lock. */
    record Holds() implements Decision {
    }

    /** Watch one node (with getData, so no watch is left behind when it is already gone) and look again when it fires. */
    record WatchNode(String node) implements Decision {
        public WatchNode {
            Objects.requireNonNull(node, "node");
        }
    }

    /**
     * Watch one node as {@link WatchNode} does, and when the watch fires take the lock without looking again: the
     * notification is taken to mean "my turn" (a bug of the gallery: the node may have gone for another reason).
     */
    record WatchNodeThenHold(String node) implements Decision {
        public WatchNodeThenHold {
            Objects.requireNonNull(node, "node");
        }
    }

    /** Watch the lock node's children (getChildren with a watch) and look again on any change: the herd. */
    record WatchChildren() implements Decision {
    }

    /** Our request has no node (the fixed node was released before we looked): make the request again at once. */
    record RequestAgain() implements Decision {
    }

    static Decision holds() {
        return new Holds();
    }

    static Decision watch(NodeName node) {
        return new WatchNode(node.name());
    }

    static Decision watchChildren() {
        return new WatchChildren();
    }

    static Decision requestAgain() {
        return new RequestAgain();
    }
}
