package lockstep.simulator.replay;

import java.util.Comparator;

/**
 * The order in which znode paths are listed: sequential nodes (a name ending in ZooKeeper's ten-digit counter) by
 * that counter, so a read/write lock's {@code read-} and {@code write-} children interleave as the server queues them;
 * then every other node by path. Ties are broken by path, so the order is consistent with equals.
 */
final class ZnodeOrder implements Comparator<String> {

    static final ZnodeOrder INSTANCE = new ZnodeOrder();

    private static final int COUNTER_DIGITS = 10;

    private ZnodeOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int bySequence = Long.compare(sequenceOf(a), sequenceOf(b));
        return bySequence != 0 ? bySequence : a.compareTo(b);
    }

    /** The counter at the end of the path's last segment, or {@code Long.MAX_VALUE} for a non-sequential node. */
    static long sequenceOf(String path) {
        int nameStart = path.lastIndexOf('/') + 1;
        int counterStart = path.length() - COUNTER_DIGITS;
        if (counterStart <= nameStart) {
            return Long.MAX_VALUE;
        }
        long counter = 0;
        for (int i = counterStart; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < '0' || c > '9') {
                return Long.MAX_VALUE;
            }
            counter = counter * 10 + (c - '0');
        }
        return counter;
    }
}
