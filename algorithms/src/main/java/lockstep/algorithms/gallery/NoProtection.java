package lockstep.algorithms.gallery;

import java.util.List;

import lockstep.algorithms.Decision;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NameTag;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.RequestNode;

/**
 * {@code bug-no-protection}: the queue recipe without protected names: the node's name has no unique tag, so after a
 * create whose reply is lost the client cannot tell whether its node was made, and simply creates again.
 *
 * <p>When the lost create did reach the server, the first node is an orphan: it belongs to the client's live session,
 * so it never goes away, and the client's second node waits behind it, and everyone behind that: a stuck waiter,
 * blocked by its own node. Curator's protected names exist for exactly this.
 */
public final class NoProtection implements LockAlgorithm {

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public RequestNode requestNode() {
        return new RequestNode(true, true, NameTag.NONE);
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index == 0 ? new Decision.Holds() : new Decision.WatchNode(sortedChildren.get(index - 1).name());
    }
}
