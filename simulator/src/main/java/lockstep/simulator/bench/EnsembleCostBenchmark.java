package lockstep.simulator.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep bench ensemble}: what a run on an embedded ensemble costs beside the same run on one server.
 *
 * <p>Steps, alternated {@code --repeat} times so both see the same machine: run the scenario once on one embedded
 * server and once on an ensemble of {@code --servers} (each run whole: servers started and closed, sessions, every
 * step), timing each. Reported: the median, minimum and maximum of each, and the ratio of the medians.
 */
@Command(mixinStandardHelpOptions = true)
public final class EnsembleCostBenchmark implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", defaultValue = "04",
            description = "The scenario (default: ${DEFAULT-VALUE}, the holder crashes).")
    String scenario;

    @Option(names = {"-a", "--algorithm"}, defaultValue = "sequential",
            description = "The algorithm (default: ${DEFAULT-VALUE}).")
    String algorithm;

    @Option(names = "--servers", defaultValue = "3", description = "The ensemble's size, 3 or 5 (default: 3).")
    int servers;

    @Option(names = "--repeat", defaultValue = "3", description = "Pairs of runs (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Scenario loaded = Simulations.load(scenario);
        long seed = Simulations.seedFor(loaded, null);
        out.printf(Locale.ROOT, "Ensemble cost: %s with '%s' on one server and on %d servers, whole runs; %d pair(s)%n",
                loaded.source(), algorithm, servers, repeat);
        out.printf(Locale.ROOT, "machine: %d cores, Java %s%n%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        Simulations.run(loaded.withEnsemble(1), algorithm, seed); // warm-up, not counted
        List<Double> one = new ArrayList<>();
        List<Double> many = new ArrayList<>();
        for (int i = 0; i < repeat; i++) {
            one.add(time(loaded.withEnsemble(1), seed));
            many.add(time(loaded.withEnsemble(servers), seed));
        }
        double[] a = one.stream().mapToDouble(Double::doubleValue).toArray();
        double[] b = many.stream().mapToDouble(Double::doubleValue).toArray();
        String row = "%-22s %10.0f %8.0f %8.0f%n";
        out.printf(Locale.ROOT, "%-22s %10s %8s %8s%n", "", "median ms", "min ms", "max ms");
        out.printf(Locale.ROOT, row, "one server", Stats.median(a), Stats.min(a), Stats.max(a));
        out.printf(Locale.ROOT, row, servers + " servers", Stats.median(b), Stats.min(b), Stats.max(b));
        out.printf(Locale.ROOT, "ensemble / one server: %.2f (ratio of medians)%n", Stats.ratioOfMedians(b, a));
        out.flush();
        return 0;
    }

    private double time(Scenario scenario, long seed) throws Exception {
        long start = System.nanoTime();
        Simulations.run(scenario, algorithm, seed);
        return (System.nanoTime() - start) / 1e6;
    }
}
