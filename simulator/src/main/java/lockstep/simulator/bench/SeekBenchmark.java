package lockstep.simulator.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import lockstep.simulator.BadInputException;
import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * Measures what the window's scrubber needs from a long trace: building the replay model, seeking to random indices,
 * stepping forward one event at a time; and, for scale, writing and reading the trace file. The trace is
 * {@link SyntheticTrace}'s, always the same one. Figures are wall-clock times on this machine after a warm-up; they
 * are printed, never asserted.
 */
public final class SeekBenchmark {

    private static final int EVENTS = 100_000;
    private static final int CLIENTS = 200;
    private static final int BUILDS = 5;
    private static final int SEEKS = 5_000;

    private SeekBenchmark() {
    }

    public static void main(String[] args) {
        run(System.out);
    }

    public static void run(PrintStream out) {
        List<Event> trace = SyntheticTrace.generate(CLIENTS, EVENTS, 1L);
        long[] builds = new long[BUILDS];
        ReplayModel model = null;
        ReplayModel.of(trace); // warm-up
        for (int i = 0; i < BUILDS; i++) {
            long start = System.nanoTime();
            model = ReplayModel.of(trace);
            builds[i] = System.nanoTime() - start;
        }
        long[] seeks = seekRandomly(model);
        long checksum = 0;
        long scrubStart = System.nanoTime();
        for (int i = 0; i < model.size(); i++) {
            checksum += model.stateAt(i).holders().size();
        }
        long scrub = System.nanoTime() - scrubStart;
        FileTimes files = writeAndRead(trace);
        ReplayState end = model.stateAt(model.size() - 1);

        Runtime runtime = Runtime.getRuntime();
        out.printf(Locale.ROOT, "Seek benchmark: %,d events, %d clients (synthetic: a herd, then a queue),"
                + " a snapshot every %d events%n", trace.size(), CLIENTS, ReplayModel.SNAPSHOT_EVERY);
        out.printf(Locale.ROOT, "Machine: %d cores, %s %s, max heap %d MiB%n", runtime.availableProcessors(),
                System.getProperty("java.vm.name"), Runtime.version(), runtime.maxMemory() >> 20);
        out.printf(Locale.ROOT, "Trace: %,d acquisitions, %,d notifications, %,d futile wake-ups%n%n",
                end.counters().acquisitions(), end.counters().notifications(), end.counters().futileWakeups());
        out.printf(Locale.ROOT, "%-44s %12s %12s%n", "", "median", "max");
        row(out, "build the model (" + BUILDS + " runs)", median(builds), max(builds));
        row(out, "stateAt, " + String.format(Locale.ROOT, "%,d", SEEKS) + " random indices", median(seeks), max(seeks));
        out.printf(Locale.ROOT, "%-44s %12s %12s%n", "forward scrub by 1, per step (mean)", ms(scrub / model.size()), "");
        out.printf(Locale.ROOT, "%-44s %12s %12s%n", "forward scrub by 1, whole trace", ms(scrub), "");
        out.printf(Locale.ROOT, "%-44s %12s %12s%n",
                String.format(Locale.ROOT, "write the trace file (%.1f MB)", files.bytes / 1e6), ms(files.write), "");
        out.printf(Locale.ROOT, "%-44s %12s %12s%n", "read the trace file", ms(files.read), "");
        out.printf(Locale.ROOT, "%n(checksum %d)%n", checksum);
    }

    private static long[] seekRandomly(ReplayModel model) {
        SplittableRandom random = new SplittableRandom(2L);
        for (int i = 0; i < SEEKS; i++) {
            model.stateAt(random.nextInt(model.size())); // warm-up
        }
        long[] seeks = new long[SEEKS];
        for (int i = 0; i < SEEKS; i++) {
            int index = random.nextInt(model.size());
            long start = System.nanoTime();
            model.stateAt(index);
            seeks[i] = System.nanoTime() - start;
        }
        return seeks;
    }

    private record FileTimes(long write, long read, long bytes) {
    }

    private static FileTimes writeAndRead(List<Event> trace) {
        try {
            Path dir = Files.createTempDirectory("lockstep-bench");
            Path file = dir.resolve("bench.jsonl");
            try {
                long start = System.nanoTime();
                TraceFiles.write(file, trace);
                long write = System.nanoTime() - start;
                start = System.nanoTime();
                List<Event> back = TraceFiles.read(file);
                long read = System.nanoTime() - start;
                if (!back.equals(trace)) {
                    throw new IllegalStateException("the trace read back differs from the one written");
                }
                return new FileTimes(write, read, Files.size(file));
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (BadInputException e) {
            throw new IllegalStateException("the benchmark could not read its own trace: " + e.getMessage(), e);
        }
    }

    private static void row(PrintStream out, String what, long median, long max) {
        out.printf(Locale.ROOT, "%-44s %12s %12s%n", what, ms(median), ms(max));
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long max(long[] values) {
        return Arrays.stream(values).max().orElse(0);
    }
}
