package lockstep.simulator.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;

import lockstep.simulator.bench.RecorderOverheadBenchmark;
import lockstep.simulator.bench.SeekBenchmark;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep bench NAME}: the benchmarks, one subcommand each. To add one, add a {@link Benchmark} to
 * {@link #BENCHMARKS}: a name, a one-line description and the method that runs it and prints its figures.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run a benchmark and print its figures (wall-clock times on this machine).",
        footer = {"", "Examples:",
                "  lockstep bench seek",
                "  lockstep bench recorder"})
final class BenchCommand implements Callable<Integer> {

    /** Every benchmark, in the order --help lists them. */
    static final List<Benchmark> BENCHMARKS = List.of(
            new Benchmark("seek", "Seeking in a 100,000-event trace, as the window's scrubber does; trace file I/O.",
                    SeekBenchmark::run),
            new Benchmark("recorder", "What recording calls costs a free-running run (an embedded ZooKeeper; about 30 s).",
                    RecorderOverheadBenchmark::run));

    /** One benchmark: {@code run} prints its figures to the stream it is given. */
    record Benchmark(String name, String description, Body run) {
    }

    /** A benchmark's body; any exception it throws is an internal error. */
    @FunctionalInterface
    interface Body {
        void run(PrintStream out) throws Exception;
    }

    @Spec
    CommandSpec spec;

    /** Registers every benchmark as a subcommand of {@code bench}. */
    static void addBenchmarks(CommandLine bench) {
        for (Benchmark benchmark : BENCHMARKS) {
            CommandLine sub = new CommandLine(new BenchmarkCommand(benchmark));
            sub.getCommandSpec().usageMessage().description(benchmark.description());
            bench.addSubcommand(benchmark.name(), sub);
        }
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing BENCHMARK (expected one of "
                + String.join(", ", spec.commandLine().getSubcommands().keySet()) + ")");
    }

    /** The subcommand that runs one benchmark. */
    @Command(mixinStandardHelpOptions = true)
    static final class BenchmarkCommand implements Callable<Integer> {

        private final Benchmark benchmark;

        @Spec
        CommandSpec spec;

        BenchmarkCommand(Benchmark benchmark) {
            this.benchmark = benchmark;
        }

        @Override
        public Integer call() throws Exception {
            // The benchmarks print to a PrintStream; picocli's streams are writers (and tests replace them).
            PrintWriter out = spec.commandLine().getOut();
            try (PrintStream stream = new PrintStream(new LinesTo(out), true, StandardCharsets.UTF_8)) {
                benchmark.run().run(stream);
            }
            return LockstepCommand.OK;
        }
    }

    /** Bytes to a writer, a whole line at a time (a newline byte never splits a UTF-8 character). */
    static final class LinesTo extends OutputStream {

        private final PrintWriter out;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LinesTo(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            line.write(b);
            if (b == '\n') {
                flush();
            }
        }

        @Override
        public void flush() {
            out.print(line.toString(StandardCharsets.UTF_8));
            out.flush();
            line.reset();
        }
    }
}
