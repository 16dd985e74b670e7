package lockstep.gui.viewmodel;

import java.util.Optional;

import lockstep.algorithms.Algorithms;

/**
 * How the window marks an algorithm of the bug gallery: a short tag from the registry's expected outcome ("BUG · mutual
 * exclusion", the checker kind its scenario shows) and the outcome's phrase for a tooltip ("two holders when ..."). An
 * algorithm the registry does not flag {@code bug} has no mark; nothing here is a hand-kept list of names.
 */
public record BugMark(String tag, String why) {

    /** The tag's first word, in one place (the resource bundles take it from here). */
    public static final String BUG = "BUG";

    /** The mark of {@code algorithm}, or empty for a correct lock (or a name the registry does not know). */
    public static Optional<BugMark> of(String algorithm) {
        return Algorithms.find(algorithm).filter(Algorithms.Info::isBug).map(info -> {
            String kind = info.expected().findingKind().orElse("").replace('-', ' ');
            return new BugMark(kind.isEmpty() ? BUG : BUG + " · " + kind, info.expected().why());
        });
    }
}
