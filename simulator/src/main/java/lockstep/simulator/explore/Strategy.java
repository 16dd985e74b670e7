package lockstep.simulator.explore;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a search picks the schedules it runs: the registry of {@code explore --strategy} (its help and the docs list
 * these, with their descriptions).
 */
public enum Strategy {

    RANDOM("random", "one seeded random schedule per seed; a notification may arrive after other clients' calls"),
    PCT("pct", "probabilistic concurrency testing: per seed, random client priorities and --depth minus one "
            + "change points; the highest-priority client goes"),
    EXHAUSTIVE("exhaustive", "every schedule of each seed's script, options that commute tried in one order "
            + "(source sets and sleep sets), and the count before reduction");

    private final String word;
    private final String description;

    Strategy(String word, String description) {
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

    public static Optional<Strategy> byWord(String word) {
        return Arrays.stream(values()).filter(s -> s.word.equals(word)).findFirst();
    }

    public static List<String> words() {
        return Arrays.stream(values()).map(Strategy::word).toList();
    }
}
