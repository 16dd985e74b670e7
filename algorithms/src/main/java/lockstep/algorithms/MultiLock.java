package lockstep.algorithms;

import java.util.List;

/**
 * Several locks taken as one, on the one engine: one sequential mutex ({@link Sequential}) per lock path, taken one
 * after the other in ONE global order (the paths sorted), whatever order the caller names them in.
 *
 * <ol>
 *   <li>Sort the lock paths.</li>
 *   <li>Take each in that order, as {@link Sequential} takes one lock: a request node, the predecessor watched.</li>
 *   <li>If one cannot be had (a give-up, a timeout, the session gone), give back those already taken, last first.</li>
 *   <li>Release gives every lock back, last taken first.</li>
 * </ol>
 *
 * <p>No deadlock: two clients that want some of the same locks take the lowest of them first, so the one that holds
 * a lock never waits for one below it, and the waits-for graph has no cycle (the textbook lock-ordering rule).
 * Fair per lock, one wake-up per release; reentrant through the handle. With one path it is {@link Sequential}.
 * Curator's {@code InterProcessMultiLock} takes its locks in the order asked, which is {@code bug-unordered-multilock}.
 */
public class MultiLock implements LockAlgorithm {

    private final Sequential each = new Sequential();

    @Override
    public String nodePrefix(LockMode mode) {
        return each.nodePrefix(mode);
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        return each.decide(sortedChildren, ours);
    }

    /** The global order: sorted paths, so every client takes shared locks lowest first. */
    @Override
    public List<String> lockOrder(List<String> paths) {
        return paths.stream().sorted().toList();
    }
}
