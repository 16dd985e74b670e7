package lockstep.simulator.check;

import java.util.List;

/** A property every correct run has, stated in one sentence, and the way to find where a run breaks it. */
public interface Invariant {

    /** The finding kind, as written in violation events ({@code mutual-exclusion}). */
    String kind();

    /** The property, as a sentence a student can check against the window. */
    String sentence();

    /** Where {@code run} breaks the property, in the order they show. */
    List<Finding> findIn(CheckedRun run);

    /**
     * One place a run breaks an invariant.
     *
     * @param at      the event where it shows
     * @param clients the clients involved
     * @param message one line, {@code event AT: what happened (the invariant's short name)}
     */
    record Finding(int at, List<String> clients, String message) {
        public Finding {
            clients = List.copyOf(clients);
        }
    }
}
