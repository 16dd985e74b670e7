package lockstep.simulator.explore;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How the exhaustive search leaves out schedules equivalent to ones it runs: the registry of
 * {@code explore --reduction} (its help and the docs list these). Both make one unblocked run per class of equivalent
 * runs, so they print the same schedules and the same count before reduction; they differ in the blocked runs they
 * make on the way (docs/design/search.md).
 */
public enum Reduction {

    SLEEP("sleep", "sleep sets alone: each point tries every option not asleep (Godefroid 1996)"),
    SOURCE("source", "source sets and sleep sets: each point tries the options the races of the runs below it ask "
            + "for (Abdulla et al. 2014)");

    private final String word;
    private final String description;

    Reduction(String word, String description) {
        this.word = word;
        this.description = description;
    }

    /** The name on the command line. */
    public String word() {
        return word;
    }

    public String description() {
        return description;
    }

    public static Optional<Reduction> byWord(String word) {
        return Arrays.stream(values()).filter(r -> r.word.equals(word)).findFirst();
    }

    public static List<String> words() {
        return Arrays.stream(values()).map(Reduction::word).toList();
    }
}
