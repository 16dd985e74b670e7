package lockstep.algorithms;

import java.util.Objects;

/**
 * The name of a lock node, parsed: everything before the sequence number ({@link #prefix()}) and the 10-digit sequence
 * number ZooKeeper appended ({@link #sequence()}).
 *
 * <p>Nodes are ordered by sequence number alone, never by the whole name. A name may begin with a per-client unique
 * part (a GUID, Curator's {@code _c_<uuid>-} protection prefix, a session id): comparing whole names would let that part
 * decide the order, and two clients would both believe they are first (ZOOKEEPER-2931). Two names with the same
 * sequence (impossible under one parent) fall back to the whole name, so the order stays total.
 */
public record NodeName(String name, String prefix, long sequence) implements Comparable<NodeName> {

    /** How many digits ZooKeeper gives a sequential node's counter. */
    public static final int SEQUENCE_DIGITS = 10;

    public NodeName {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(prefix, "prefix");
    }

    /**
     * Parses a child name such as {@code lock-0000000007}, {@code read-0000000012} or
     * {@code _c_1b4e28ba-2fa1-11d2-883f-0016d3cca427-write-0000000003}.
     *
     * @throws IllegalArgumentException when the name does not end in a 10-digit sequence number
     */
    public static NodeName parse(String name) {
        if (!isSequential(name)) {
            throw new IllegalArgumentException("'" + name + "' does not end in a " + SEQUENCE_DIGITS
                    + "-digit sequence number");
        }
        int split = name.length() - SEQUENCE_DIGITS;
        return new NodeName(name, name.substring(0, split), Long.parseLong(name.substring(split)));
    }

    /** A node with a fixed name (the naive lock's {@code lock}): no sequence number, ordered before every other. */
    public static NodeName fixed(String name) {
        return new NodeName(name, name, -1);
    }

    /** True when {@code name} ends in a 10-digit sequence number (a child some sequential lock created). */
    public static boolean isSequential(String name) {
        if (name == null || name.length() < SEQUENCE_DIGITS) {
            return false;
        }
        for (int i = name.length() - SEQUENCE_DIGITS; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** True when this node was requested with the given lock-kind word ({@code lock-}, {@code read-}, {@code write-}). */
    public boolean hasKind(String kind) {
        return prefix.endsWith(kind);
    }

    /** True when this node's name starts with {@code uniquePart}: the node a client created under that tag. */
    public boolean isTaggedWith(String uniquePart) {
        return name.startsWith(uniquePart);
    }

    @Override
    public int compareTo(NodeName other) {
        int bySequence = Long.compare(sequence, other.sequence);
        return bySequence != 0 ? bySequence : name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return name;
    }
}
