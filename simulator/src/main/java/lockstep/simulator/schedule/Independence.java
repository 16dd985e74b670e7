package lockstep.simulator.schedule;

import java.util.List;

/**
 * When two options at a stable point commute: taken in either order they lead to the same state, and neither
 * takes the other away or lets the other happen. That holds when they belong to different clients and neither
 * changes a path the other touches ({@link Option#touches}, {@link Option#writes}): a call changes only the server's
 * nodes and watches at its paths and its own client; a delivery changes only its client. A watch lies between two
 * options only through a path both touch (the watched node, or the parent whose children are watched) and one of
 * them changes (the change fires the watch, or the watch is set before or after the change).
 *
 * <p>Two reads of one path by different clients commute: each gets the same reply in either order, and the watches
 * each leaves are its own client's, which the server keeps as a set. A delivery reads its path in this sense: it
 * changes nothing on the server (the watch was used up when it fired), and the change that fired it touches the
 * same path and changes it, so the delivery stays after the change that lets it happen.
 *
 * <p>Conservative by design: an option whose paths are not known commutes with nothing, a create touches every child
 * of its parent ({@code P/*}: its sequence number is known only once made), and a delivery is kept apart from every
 * call on its path. See docs/design/search.md for why a search may then try one order of them only.
 */
public final class Independence {

    private Independence() {
    }

    /** Whether {@code a} and {@code b} commute. */
    public static boolean commute(Option a, Option b) {
        if (a.client().equals(b.client()) || a.touches().isEmpty() || b.touches().isEmpty()) {
            return false;
        }
        if (!a.writes() && !b.writes()) {
            return true;
        }
        for (String x : a.touches()) {
            for (String y : b.touches()) {
                if (overlap(x, y)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether two touched paths meet: the same path, or a {@code P/*} and a child of {@code P}. */
    static boolean overlap(String x, String y) {
        return x.equals(y) || covers(x, y) || covers(y, x);
    }

    private static boolean covers(String wildcard, String path) {
        if (!wildcard.endsWith("/*")) {
            return false;
        }
        String prefix = wildcard.substring(0, wildcard.length() - 1); // "P/"
        return path.startsWith(prefix) && path.indexOf('/', prefix.length()) < 0;
    }

    /** The options of {@code options} that commute with {@code taken}. */
    public static List<Option> commuting(List<Option> options, Option taken) {
        return options.stream().filter(o -> commute(o, taken)).toList();
    }
}
