package lockstep.simulator.bench;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Supplier;

/**
 * The registry of benchmarks: name to factory, with a one-line description. {@code lockstep bench NAME} lists and
 * runs them from here. The simulator registers its own ({@code seek}, {@code recorder}, {@code lockstep}); a module
 * that needs what the simulator must not know (the window's {@code render} needs JavaFX) registers its own before the
 * command line is built.
 *
 * <p>A factory makes a fresh picocli command object (a class annotated with {@code @Command}) whose options are the
 * benchmark's own; it prints its figures to the command's standard output.
 */
public final class Benchmarks {

    /** One registered benchmark. */
    public record Benchmark(String name, String description, Supplier<Object> command) {
    }

    private static final Map<String, Benchmark> REGISTRY = new ConcurrentSkipListMap<>();

    static {
        register("seek", "Seeking in a 100,000-event trace, as the window's scrubber does; trace file I/O.",
                () -> new PrintsFigures(SeekBenchmark::run));
        register("recorder", "What recording calls costs a free-running run (an embedded ZooKeeper; about 30 s).",
                () -> new PrintsFigures(RecorderOverheadBenchmark::run));
        register("lockstep", "Calls per second of a gated (lockstep) run against the round trip of the same calls.",
                LockstepSpeedBenchmark::new);
        register("ensemble", "A whole scenario run on an embedded ensemble beside the same run on one server.",
                EnsembleCostBenchmark::new);
        register("explore", "What an explore search costs, where its time goes, and the seed each bug-* algorithm "
                + "is caught at (minutes).", ExploreBenchmark::new);
        register("search", "How hard each bug-* algorithm is to find: runs to the first finding from 20 seed bases "
                + "under each strategy, runs per second, shrunk size (long: an hour and more).", SearchBenchmark::new);
    }

    private Benchmarks() {
    }

    /** Adds (or replaces) a benchmark. */
    public static void register(String name, String description, Supplier<Object> command) {
        REGISTRY.put(name, new Benchmark(name, description, command));
    }

    /** Every benchmark, by name. */
    public static List<Benchmark> all() {
        return List.copyOf(REGISTRY.values());
    }

    public static Optional<Benchmark> find(String name) {
        return Optional.ofNullable(REGISTRY.get(name));
    }
}
