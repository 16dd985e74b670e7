package lockstep.simulator.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

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
                "  lockstep bench seek"})
final class BenchCommand implements Callable<Integer> {

    /** Every benchmark, in the order --help lists them. */
    static final List<Benchmark> BENCHMARKS = List.of(
            new Benchmark("seek", "Seeking in a 100,000-event trace, as the window's scrubber does; trace file I/O.",
                    SeekBenchmark::run));

    /** One benchmark: {@code run} prints its figures to the stream it is given. */
    record Benchmark(String name, String description, Consumer<PrintStream> run) {
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
        public Integer call() {
            // The benchmarks print to a PrintStream; picocli's streams are writers (and tests replace them).
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
                benchmark.run().accept(stream);
            }
            var out = spec.commandLine().getOut();
            out.print(bytes.toString(StandardCharsets.UTF_8));
            out.flush();
            return LockstepCommand.OK;
        }
    }
}
