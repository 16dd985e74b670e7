package lockstep.algorithms.gallery;

import java.util.List;

import lockstep.algorithms.Decision;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NameTag;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.RequestNode;

/**
 * {@code bug-persistent-node}: the queue recipe, except that the request node is PERSISTENT_SEQUENTIAL instead of
 * ephemeral: it does not die with its owner's session.
 *
 * <p>While every client releases, nothing shows. When a holder crashes (or its session expires), its node stays, the
 * waiter behind it is never woken, and the lock is blocked forever: a stuck waiter, behind a node nobody will delete.
 */
public final class PersistentNode implements LockAlgorithm {

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public RequestNode requestNode() {
        return new RequestNode(true, false, NameTag.UNIQUE);
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index == 0 ? new Decision.Holds() : new Decision.WatchNode(sortedChildren.get(index - 1).name());
    }
}
