package lockstep.algorithms;

import java.util.Objects;

/**
 * What a lock algorithm decides after looking at the children: the client holds the lock, or it must wait and watch
 * something before it looks again.
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

    /** Watch the lock node's children (getChildren with a watch) and look again on any change: the herd. */
    record WatchChildren() implements Decision {
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
}
