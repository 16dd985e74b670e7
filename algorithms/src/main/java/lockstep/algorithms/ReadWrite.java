package lockstep.algorithms;

import java.util.List;

/**
 * The recipe's shared lock: readers share, writers are exclusive, requests are served in order.
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code read-} or {@code write-}.</li>
 *   <li>List the children without a watch.</li>
 *   <li>A reader holds when no LOWER write node exists; otherwise it watches the NEAREST lower write node: the
 *       last writer that must finish before it may read.</li>
 *   <li>A writer holds when its node is the lowest; otherwise it watches its predecessor, whatever its kind.</li>
 *   <li>When the watch fires, go back to step 2.</li>
 * </ol>
 *
 * <p>Fair: no request overtakes an earlier conflicting one. Each release wakes only those that can now proceed, or
 * must re-aim: the writer behind it, or the readers that watched it. Curator's read lock differs in step 3: it watches
 * the FIRST write node ahead of it, so a release of that writer also wakes readers still blocked by a later writer.
 * Reentrant through the handle ({@link ReentrantHandle}); a downgrade (the write holder takes the read lock) is
 * granted at once, an upgrade is refused.
 */
public final class ReadWrite implements LockAlgorithm {

    public static final String READ = "read-";
    public static final String WRITE = "write-";

    @Override
    public String nodePrefix(LockMode mode) {
        return mode == LockMode.READ ? READ : WRITE;
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        if (!ours.hasKind(READ)) {
            return index == 0 ? Decision.holds() : Decision.watch(sortedChildren.get(index - 1));
        }
        for (int i = index - 1; i >= 0; i--) {
            if (sortedChildren.get(i).hasKind(WRITE)) {
                return Decision.watch(sortedChildren.get(i));
            }
        }
        return Decision.holds();
    }
}
