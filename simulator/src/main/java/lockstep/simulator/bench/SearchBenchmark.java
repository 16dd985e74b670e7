package lockstep.simulator.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.explore.Counterexample;
import lockstep.simulator.explore.Explorer;
import lockstep.simulator.explore.SelfCheck;
import lockstep.simulator.explore.Strategy;
import lockstep.simulator.fault.Faults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep bench search}: how hard each bug of the gallery is to find, and by which strategy.
 *
 * <p>Steps: for every {@code bug-*} algorithm of the registry and every strategy asked for (random and pct unless
 * told), a search from each of {@code --bases} seed bases (base b: seeds {@code b*10000+1 ..}, at most
 * {@code --budget} runs), stopped at its first failing run ({@link Explorer#firstFailure}, unshrunk); then one search
 * from the first base as {@code explore} makes it, shrunk, for the size a finding shrinks to. Printed per bug and
 * strategy: the median and worst number of runs to the first finding over the bases (a base that found nothing
 * counts as worse than its budget, shown {@code >B}), how many bases found it, runs per second, and the shrunk size.
 */
@Command(mixinStandardHelpOptions = true)
public final class SearchBenchmark implements Callable<Integer> {

    /** Seeds between two bases: no base reaches the next. */
    static final long BASE_STRIDE = 10_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--bases", paramLabel = "N", defaultValue = "20", description = "Seed bases per bug and strategy (default "
            + "${DEFAULT-VALUE}).")
    int bases;

    @Option(names = "--budget", paramLabel = "N", defaultValue = "200", description = "Runs a base may spend before it counts as not "
            + "found (default ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "3", description = "Clients (default ${DEFAULT-VALUE}, as explore).")
    int clients;

    @Option(names = "--max-steps", paramLabel = "S", defaultValue = "6", description = "Script lines (default ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--strategies", split = ",", defaultValue = "random,pct", paramLabel = "NAME",
            description = "Strategies to compare (default ${DEFAULT-VALUE}; exhaustive searches a whole script per "
                    + "seed and is not compared here).")
    List<String> strategies;

    @Option(names = "--algorithm", split = ",", paramLabel = "NAME",
            description = "Only these bug-* algorithms (default: every one of the registry).")
    List<String> only;

    @Option(names = "--workers", paramLabel = "K", description = "Runs side by side (default: as explore).")
    Integer workers;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Strategy> chosen = new ArrayList<>();
        for (String word : strategies) {
            Strategy strategy = Strategy.byWord(word.strip()).filter(s -> s != Strategy.EXHAUSTIVE)
                    .orElseThrow(() -> new picocli.CommandLine.ParameterException(spec.commandLine(),
                            "--strategies: " + word + " (expected random or pct)"));
            chosen.add(strategy);
        }
        if (bases < 1 || budget < 1 || clients < 1 || maxSteps < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--bases, --budget, --clients and --max-steps must be 1 or more");
        }
        List<Algorithms.Info> bugs = SelfCheck.gallery().stream()
                .filter(b -> only == null || only.contains(b.name())).toList();
        int k = workers != null ? workers : Explorer.defaultWorkers(1);
        Path folder = Files.createTempDirectory("lockstep-bench-search-");
        out.printf("search benchmark: %d bug-* algorithms, strategies %s, %d seed bases of at most %d runs each, "
                        + "%d clients, %d lines, every fault, %d workers, %d cores%n", bugs.size(),
                String.join(",", chosen.stream().map(Strategy::word).toList()), bases, budget, clients, maxSteps, k,
                Runtime.getRuntime().availableProcessors());
        out.println();
        out.println("algorithm                         strategy  found  median runs  worst runs  runs/s  "
                + "shrunk to (base 1)");
        out.flush();
        for (Algorithms.Info bug : bugs) {
            for (Strategy strategy : chosen) {
                out.println(row(bug, strategy, k, folder));
                out.flush();
            }
        }
        return 0;
    }

    private String row(Algorithms.Info bug, Strategy strategy, int k, Path folder) throws Exception {
        List<Integer> runs = new ArrayList<>();
        int found = 0;
        long totalRuns = 0;
        long totalMs = 0;
        for (int base = 1; base <= bases; base++) {
            long first = base * BASE_STRIDE + 1;
            long started = System.nanoTime();
            Optional<Explorer.FirstFailure> failure = Explorer.firstFailure(settings(bug, strategy, first, folder), k);
            totalMs += (System.nanoTime() - started) / 1_000_000; // servers' start and close included
            if (failure.isPresent()) {
                found++;
                runs.add(failure.get().runs());
                totalRuns += failure.get().runs();
            } else {
                runs.add(budget + 1); // worse than the budget
                totalRuns += budget;
            }
        }
        runs.sort(null);
        Explorer.Summary shrunk = Explorer.explore(settings(bug, strategy, BASE_STRIDE + 1, folder), k,
                Explorer.Progress.NONE);
        String size = "-";
        if (shrunk.found()) {
            Counterexample c = shrunk.findings().get(0);
            size = count(c.clients(), "client") + ", " + count(c.lines(), "line")
                    + (c.replays() ? "" : " (does NOT replay)");
        }
        return String.format(Locale.ROOT, "%-33s %-9s %2d/%-2d  %11s  %10s  %6.1f  %s", bug.name(), strategy.word(),
                found, bases, shown(median(runs)), shown(runs.get(runs.size() - 1)),
                totalRuns * 1000.0 / Math.max(1, totalMs), size);
    }

    private Explorer.Settings settings(Algorithms.Info bug, Strategy strategy, long first, Path folder) {
        return new Explorer.Settings(bug, clients, Faults.all(), first, first + budget - 1, strategy, maxSteps,
                folder.resolve(bug.name() + "-" + strategy.word()), 1, Explorer.Settings.DEFAULT_DEPTH);
    }

    /** "1 client", "3 clients": the benchmark prints English, as every benchmark does. */
    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private String shown(int runs) {
        return runs > budget ? ">" + budget : String.valueOf(runs);
    }

    private static int median(List<Integer> sorted) {
        return sorted.get((sorted.size() - 1) / 2);
    }
}
