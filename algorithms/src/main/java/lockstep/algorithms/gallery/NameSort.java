package lockstep.algorithms.gallery;

import java.util.Comparator;
import java.util.List;

import lockstep.algorithms.Decision;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NameTag;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.RequestNode;

/**
 * {@code bug-name-sort}: the queue recipe, except that it sorts the children by their whole name, the unique part at
 * the front included, instead of by sequence number (ZOOKEEPER-2931, in ZooKeeper's own WriteLock recipe, whose names
 * begin with the session id).
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code _c_<client>-lock-} (the client's name is its unique part here, so
 *       a run repeats exactly; a session id or a GUID breaks the same way, only at random).</li>
 *   <li>List the children and sort them by name. First: we hold the lock; otherwise watch the one before ours.</li>
 * </ol>
 *
 * <p>Breaks mutual exclusion: when c2 asked first and holds, c1 asks later and sorts first by name: it holds too.
 */
public final class NameSort implements LockAlgorithm {

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public RequestNode requestNode() {
        return new RequestNode(true, true, NameTag.CLIENT);
    }

    /** The bug: the whole name decides the order, so the unique part at its front does. */
    @Override
    public List<NodeName> order(List<NodeName> children) {
        return children.stream().sorted(Comparator.comparing(NodeName::name)).toList();
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index == 0 ? new Decision.Holds() : new Decision.WatchNode(sortedChildren.get(index - 1).name());
    }
}
