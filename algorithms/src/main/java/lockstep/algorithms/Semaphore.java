package lockstep.algorithms;

import java.util.List;

/**
 * A counting semaphore of N permits on the one engine: the queue of sequential children, of which the first N hold.
 *
 * <ol>
 *   <li>Create an EPHEMERAL_SEQUENTIAL child {@code lock-} under the lock node.</li>
 *   <li>List the children WITH a watch on the lock node. If fewer than N nodes come before ours, we hold a permit.</li>
 *   <li>Otherwise wait for the children watch to fire, then go back to step 2.</li>
 * </ol>
 *
 * <p>Fair: permits are granted in request order. Never more than N holders: a client holds only when fewer than N
 * nodes precede its own, and a node is deleted only after its permit is given back (or its session ended).
 *
 * <p>The design choice, and what the alternatives cost. A waiter must wake when ANY of the N nodes before it goes,
 * not one node in particular, and one watch names one node. So every waiter watches the children: a release wakes
 * every waiter (a herd, W notifications and W listings for W waiters), of which one proceeds. Watching the node N
 * places ahead instead wakes one waiter per release, but not always the right one: when another holder releases
 * first, a permit stays idle while the waiter waits for its own node ({@code bug-semaphore-watch-ahead}). Curator's
 * {@code InterProcessSemaphoreV2} avoids both by counting under an inner mutex: one waiter watches the children
 * while the others queue for the mutex, at the price of the mutex's own nodes and hand-offs on every acquire.
 * With one permit this is {@link ChildrenWatch}. Reentrant through the handle ({@link ReentrantHandle}).
 */
public final class Semaphore implements LockAlgorithm {

    private final int permits;

    public Semaphore(int permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be at least 1 (got " + permits + ")");
        }
        this.permits = permits;
    }

    @Override
    public String nodePrefix(LockMode mode) {
        return "lock-";
    }

    @Override
    public boolean watchesChildren() {
        return true;
    }

    @Override
    public LockAlgorithm forPermits(int permits) {
        return permits == this.permits ? this : new Semaphore(permits);
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        int index = LockAlgorithm.indexOf(sortedChildren, ours);
        return index < permits ? Decision.holds() : Decision.watchChildren();
    }
}
