package lockstep.algorithms;

import java.util.Objects;
import java.util.Optional;

/**
 * What a run of an algorithm is expected to show: nothing wrong (a correct lock), or a failure of one named kind of the
 * simulator's checker ({@code mutual-exclusion}, {@code stuck-waiter}, ...) for an algorithm of the bug gallery.
 *
 * <p>The kind is a plain name here: this module knows nothing of the checker; a simulator test checks that every kind
 * named in the registry is one the checker reports.
 *
 * @param findingKind the checker kind a bug shows, empty for a correct lock
 * @param why         for a bug, what goes wrong, in one phrase; empty for a correct lock
 */
public record Outcome(Optional<String> findingKind, String why) {

    private static final Outcome CORRECT = new Outcome(Optional.empty(), "");

    public Outcome {
        Objects.requireNonNull(findingKind, "findingKind");
        Objects.requireNonNull(why, "why");
    }

    /** A correct lock: no run shows a failure. */
    public static Outcome correct() {
        return CORRECT;
    }

    /** A bug: its scenario shows a failure of {@code kind} because {@code why}. */
    public static Outcome bug(String kind, String why) {
        return new Outcome(Optional.of(kind), why);
    }

    public boolean isCorrect() {
        return findingKind.isEmpty();
    }

    /** "correct", or "bug: KIND (WHY)", as the docs show it. */
    public String label() {
        return findingKind.map(kind -> kind + ": " + why).orElse("correct");
    }
}
