package lockstep.simulator.replay;

import java.util.Comparator;

import lockstep.algorithms.NodeName;

/**
 * The order in which znode paths are listed: sequential nodes (a name ending in ZooKeeper's ten-digit counter) by
 * that counter, so a read/write lock's {@code read-} and {@code write-} children interleave as the server queues them;
 * then every other node by path. Ties are broken by path, so the order is consistent with equals.
 */
final class ZnodeOrder implements Comparator<String> {

    static final ZnodeOrder INSTANCE = new ZnodeOrder();

    private ZnodeOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int bySequence = Long.compare(sequenceOf(a), sequenceOf(b));
        return bySequence != 0 ? bySequence : a.compareTo(b);
    }

    /** The node's sequence number (parsed by {@link NodeName}, the one place that knows the format), or MAX. */
    static long sequenceOf(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        return NodeName.isSequential(name) ? NodeName.parse(name).sequence() : Long.MAX_VALUE;
    }
}
