package lockstep.gui.viewmodel;

import java.util.Optional;

import lockstep.algorithms.registry.Algorithms;
import lockstep.gui.text.WindowTexts;

/**
 * How the window marks an algorithm of the bug gallery: a short tag from the registry's expected outcome ("BUG · mutual
 * exclusion", the checker kind its scenario shows) and the outcome's phrase for a tooltip ("two holders when ..."),
 * both in the window's language. An algorithm the registry does not flag {@code bug} has no mark; nothing here is a
 * hand-kept list of names.
 */
public record BugMark(String tag, String why) {

    /** A checker kind in the window's language ("mutual exclusion"); one the bundle does not name, spaced out. */
    private static String kindWords(String kind) {
        String key = "bug.kind." + kind;
        return WindowTexts.has(key) ? WindowTexts.text(key) : kind.replace('-', ' ');
    }

    /** The mark of {@code algorithm}, or empty for a correct lock (or a name the registry does not know). */
    public static Optional<BugMark> of(String algorithm) {
        return Algorithms.find(algorithm).filter(Algorithms.Info::isBug).map(info -> {
            String kind = info.expected().findingKind().map(BugMark::kindWords).orElse("");
            String bug = WindowTexts.text("bug.tag");
            return new BugMark(kind.isEmpty() ? bug : bug + " · " + kind, info.localWhy());
        });
    }
}
