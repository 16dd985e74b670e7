package lockstep.simulator.schedule;

/**
 * One thing that may happen next at a choice point: a call waiting at the seam, or a notification waiting to be
 * delivered. {@code text} is how the trace writes it ({@code "c3 getChildren /locks/herd"},
 * {@code "c2 <- NodeDeleted /locks/herd/_c_c1-lock-0000000000"}): the same option has the same text in every run.
 *
 * @param kind   a call or a delivery
 * @param client the client it belongs to
 * @param text   the option as the trace writes it
 */
public record Option(Kind kind, String client, String text) {

    /** What an option lets happen. */
    public enum Kind {
        /** A client's ZooKeeper call leaves for the server. */
        CALL,
        /** A watch notification reaches its client. */
        DELIVERY
    }

    public boolean isDelivery() {
        return kind == Kind.DELIVERY;
    }
}
