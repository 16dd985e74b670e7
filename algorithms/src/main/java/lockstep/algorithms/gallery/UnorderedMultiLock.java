package lockstep.algorithms.gallery;

import java.util.List;

import lockstep.algorithms.MultiLock;

/**
 * {@code bug-unordered-multilock}: a multi-lock that takes its locks in the order the caller names them, as Curator's
 * {@code InterProcessMultiLock} does, instead of one global order.
 *
 * <ol>
 *   <li>Take each lock in the order asked, one sequential mutex per path.</li>
 *   <li>Release gives every lock back.</li>
 * </ol>
 *
 * <p>Safe (each lock has one holder) but not live: c1 asking for A,B and c2 for B,A can each take its first lock and
 * then wait for the other's, for ever: a cycle in the waits-for graph, a deadlock. {@link MultiLock} sorts the paths.
 */
public final class UnorderedMultiLock extends MultiLock {

    @Override
    public List<String> lockOrder(List<String> paths) {
        return List.copyOf(paths);
    }
}
