package lockstep.simulator.check;

import java.util.List;

/**
 * What the checker found in a trace: where it shows, which invariant, who is involved, one sentence.
 *
 * <p>A finding is never part of a trace: a trace holds what happened, and the checker derives its findings whenever a
 * trace is run, checked, rendered or opened. A <em>note</em> is worth showing but is not a failure (a zombie that
 * still believes it holds the lock: no lock can prevent it, fencing makes it harmless).
 *
 * @param at      the event where it shows
 * @param kind    the invariant's kind ({@code mutual-exclusion}, {@code stale-holder}, ...)
 * @param clients the clients involved
 * @param message one line, {@code event AT: what happened (the invariant's short name)}
 * @param note    true for a note, false for a failure
 */
public record Finding(int at, String kind, List<String> clients, String message, boolean note, Phrase phrase) {

    public Finding {
        clients = List.copyOf(clients);
    }

    /** A finding whose message is only English (made outside the checker). */
    public Finding(int at, String kind, List<String> clients, String message, boolean note) {
        this(at, kind, clients, message, note, null);
    }

    /** The message in the current language ({@link #message()} is the English one). */
    public String localMessage() {
        return phrase == null ? message : phrase.local();
    }

    /** A failure: the run broke an invariant. */
    public boolean isFailure() {
        return !note;
    }
}
