package lockstep.simulator.schedule;

import java.util.List;

/**
 * One thing that may happen next at a choice point: a call waiting at the seam, or a notification waiting to be
 * delivered. {@code text} is how the trace writes it ({@code "c3 getChildren /locks/herd"},
 * {@code "c2 <- NodeDeleted /locks/herd/_c_c1-lock-0000000000"}): the same option has the same text in every run.
 *
 * <p>{@code touches}, {@code writes} and {@code step} are for a search that reduces schedules ({@link Independence}):
 * the paths the option reads or changes on the server (as the trace writes them; {@code P/*} for every child of
 * {@code P}, which a create touches because its name is known only once made), whether it changes them (a create,
 * a delete, a write of data, a removal of watches) or only reads them (a read, which may leave a watch of its own
 * client; a delivery, which changes only its client), and how many options the run had let happen before this
 * choice point. An option made without them ({@link #Option(Kind, String, String)}) commutes with nothing.
 *
 * @param kind    a call or a delivery
 * @param client  the client it belongs to
 * @param text    the option as the trace writes it
 * @param touches the paths it reads or changes; empty when not known
 * @param writes  whether it changes the paths it touches (false: it only reads them)
 * @param step    options let happen in the run before this choice point; -1 when not known
 */
public record Option(Kind kind, String client, String text, List<String> touches, boolean writes, int step) {

    public Option {
        touches = List.copyOf(touches);
    }

    /** An option that may change every path it touches (the conservative reading). */
    public Option(Kind kind, String client, String text, List<String> touches, int step) {
        this(kind, client, text, touches, true, step);
    }

    /** An option whose paths and step are not known: a reducing search treats it as dependent on every other. */
    public Option(Kind kind, String client, String text) {
        this(kind, client, text, List.of(), true, -1);
    }

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
