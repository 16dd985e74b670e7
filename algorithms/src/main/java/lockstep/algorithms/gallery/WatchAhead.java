package lockstep.algorithms.gallery;

import java.util.List;

import lockstep.algorithms.Decision;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NodeName;

/**
 * {@code bug-semaphore-watch-ahead}: a semaphore of N permits whose waiter watches the one node N places ahead of its
 * own, as a sequential lock watches its predecessor.
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code lock-}; list the children. Fewer than N before ours: we hold.</li>
 *   <li>Otherwise watch the node N places ahead (getData) and look again when it goes.</li>
 * </ol>
 *
 * <p>Safe (never more than N holders) and one wake-up per release, but a permit can stay idle: when a holder other
 * than the watched one releases first, a permit is free and nobody is told. The waiter waits until its own node goes,
 * which may be never: a stuck waiter beside a free permit.
 */
public final class WatchAhead implements LockAlgorithm {

    private final int permits;

    public WatchAhead(int permits) {
        this.permits = permits;
    }

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public LockAlgorithm forPermits(int permits) {
        return permits == this.permits ? this : new WatchAhead(permits);
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index < permits ? Decision.holds() : Decision.watch(sortedChildren.get(index - permits));
    }
}
