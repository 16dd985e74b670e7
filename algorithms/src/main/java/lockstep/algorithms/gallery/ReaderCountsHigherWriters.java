package lockstep.algorithms.gallery;

import java.util.List;

import lockstep.algorithms.Decision;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.ReadWrite;

/**
 * {@code bug-reader-counts-higher-writers}: the recipe's read/write lock, except that a reader also waits for write
 * nodes ABOVE its own (Kazoo issue 649): it counts every writer in the queue as one it must let go first.
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code read-} or {@code write-}; list the children.</li>
 *   <li>A writer holds when its node is the lowest, otherwise watches its predecessor (correct).</li>
 *   <li>A reader watches the nearest lower writer if there is one; otherwise (the bug) the lowest writer above it; it
 *       holds only when there is no writer at all.</li>
 * </ol>
 *
 * <p>A deadlock: a writer behind a reader waits for the reader, the reader waits for that writer, and nobody holds.
 */
public final class ReaderCountsHigherWriters implements LockAlgorithm {

    private final ReadWrite correct = new ReadWrite();

    @Override
    public String nodePrefix(LockMode mode) {
        return correct.nodePrefix(mode);
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        Decision decision = correct.decide(sortedChildren, ours);
        if (!ours.hasKind(ReadWrite.READ) || !(decision instanceof Decision.Holds)) {
            return decision;
        }
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        for (NodeName above : sortedChildren.subList(index + 1, sortedChildren.size())) {
            if (above.hasKind(ReadWrite.WRITE)) {
                return new Decision.WatchNode(above.name()); // the bug: a later writer is no reason to wait
            }
        }
        return decision;
    }
}
