package lockstep.simulator.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.explore.ChoiceVector;
import lockstep.simulator.explore.Counterexample;
import lockstep.simulator.explore.Explorer;
import lockstep.simulator.explore.ScriptGenerator;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.run.RunsOnOneServer;
import lockstep.simulator.run.StepSource;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.schedule.SeededScheduler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep bench explore}: what a search costs and what it finds.
 *
 * <p>Steps: (1) the runs of a search ({@code --seeds} seeds, {@code --clients} clients, every fault, a 6-line script
 * each), by {@code --workers} workers side by side, each on a server of its own (several counts are timed one after
 * another in the same run, for ratios), timed in three parts: opening the run (sessions and network links), its
 * script lines (lock lines and fault lines apart), and handing it over to be closed; (2) each {@code bug-*} algorithm
 * of the registry searched over seeds 1..200: the seed it was caught at, and the size it was shrunk to.
 */
@Command(mixinStandardHelpOptions = true)
public final class ExploreBenchmark implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--seeds", defaultValue = "1000", description = "Seeds of the timed search (default ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--clients", defaultValue = "4", description = "Clients of the timed search (default ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--algorithm", defaultValue = "sequential", description = "Algorithm of the timed search.")
    String algorithm;

    @Option(names = "--bugs-only", description = "Only the bug table.")
    boolean bugsOnly;

    @Option(names = "--search-only", description = "Only the timed search.")
    boolean searchOnly;

    @Option(names = "--workers", split = ",", paramLabel = "K",
            description = "Workers of the timed search, each on a server of its own; several, comma-separated, are "
                    + "timed one after another in the same run (default: as explore).")
    List<Integer> workers;

    @Override
    public Integer call() throws Exception {
        java.io.PrintWriter out = spec.commandLine().getOut();
        if (workers != null && workers.stream().anyMatch(k -> k < 1 || k > 64)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--workers must be between 1 and 64, got " + workers);
        }
        if (!bugsOnly) {
            timedSearch(out);
        }
        if (!searchOnly) {
            bugTable(out);
        }
        return 0;
    }

    private void timedSearch(java.io.PrintWriter out) throws Exception {
        List<Integer> counts = workers == null ? List.of(Explorer.defaultWorkers(1)) : workers;
        Double alone = null;
        for (int count : counts) {
            double wall = timedSearch(out, count);
            if (count == 1) {
                alone = wall;
            }
        }
        if (alone != null && counts.size() > 1) {
            out.printf("side by side, same run: ");
            for (int i = 0; i < counts.size(); i++) {
                out.printf("%s%d workers %.1f s", i == 0 ? "" : ", ", counts.get(i), walls.get(i));
            }
            out.println();
            for (int i = 0; i < counts.size(); i++) {
                if (counts.get(i) != 1) {
                    out.printf("  %d workers: %.2f times as fast as 1%n", counts.get(i), alone / walls.get(i));
                }
            }
        }
    }

    private final List<Double> walls = new java.util.ArrayList<>();

    /** What one worker spent, in its own counters (merged when the search ends). */
    private static final class Spent {
        final long[] nanos = new long[4]; // open, lock lines, fault lines, close
        final int[] lines = new int[2];
        int stalled;
        final List<Long> stalledSeeds = new java.util.ArrayList<>();
        final java.util.Map<String, Long> byFault = new java.util.TreeMap<>();
        final java.util.Map<String, Integer> faultCount = new java.util.TreeMap<>();

        void add(Spent other) {
            for (int i = 0; i < nanos.length; i++) {
                nanos[i] += other.nanos[i];
            }
            lines[0] += other.lines[0];
            lines[1] += other.lines[1];
            stalled += other.stalled;
            stalledSeeds.addAll(other.stalledSeeds);
            other.byFault.forEach((name, spent) -> byFault.merge(name, spent, Long::sum));
            other.faultCount.forEach((name, count) -> faultCount.merge(name, count, Integer::sum));
        }
    }

    /** The timed search with {@code count} workers side by side, each on a server of its own; its wall time. */
    private double timedSearch(java.io.PrintWriter out, int count) throws Exception {
        Algorithms.Info info = Algorithms.get(algorithm);
        List<String> names = java.util.stream.IntStream.rangeClosed(1, clients).mapToObj(i -> "c" + i).toList();
        long serverStart = System.nanoTime();
        List<RunsOnOneServer> servers = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                servers.add(RunsOnOneServer.start());
            }
            serverStart = System.nanoTime() - serverStart;
            java.util.concurrent.atomic.AtomicLong nextSeed = new java.util.concurrent.atomic.AtomicLong(1);
            List<Spent> spent = new java.util.ArrayList<>();
            List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(count);
            long started = System.nanoTime();
            for (RunsOnOneServer server : servers) {
                Spent own = new Spent();
                spent.add(own);
                done.add(pool.submit(() -> {
                    for (long seed = nextSeed.getAndIncrement(); seed <= seeds; seed = nextSeed.getAndIncrement()) {
                        timedRun(server, info, names, seed, own);
                    }
                    return null;
                }));
            }
            pool.shutdown();
            for (java.util.concurrent.Future<?> one : done) {
                one.get();
            }
            long wall = System.nanoTime() - started;
            Spent all = new Spent();
            spent.forEach(all::add);
            report(out, count, wall, serverStart, all);
            walls.add(wall / 1e9);
            return wall / 1e9;
        } finally {
            for (RunsOnOneServer server : servers) {
                server.close();
            }
        }
    }

    private void timedRun(RunsOnOneServer server, Algorithms.Info info, List<String> names, long seed, Spent spent)
            throws Exception {
        ScriptGenerator script = new ScriptGenerator(seed, names, Faults.all(), 6, info.isShared());
        long[] nanos = spent.nanos;
        long[] last = {System.nanoTime()};
        boolean[] first = {true};
        Step[] previous = {null};
        StepSource timed = state -> {
            long now = System.nanoTime();
            if (first[0]) {
                nanos[0] += now - last[0];
                first[0] = false;
            } else {
                int kind = isFault(previous[0]) ? 1 : 0;
                nanos[1 + kind] += now - last[0];
                spent.lines[kind]++;
                if (kind == 1) {
                    String name = faultName(previous[0]);
                    spent.byFault.merge(name, now - last[0], Long::sum);
                    spent.faultCount.merge(name, 1, Integer::sum);
                }
            }
            previous[0] = script.next(state);
            last[0] = System.nanoTime();
            return previous[0];
        };
        // A name of its own per seed gives each run a lock path of its own on its worker's server.
        RunsOnOneServer.Outcome outcome = server.run(new Scenario("bench-" + seed, "bench", "", seed, names,
                List.of(), true), info, seed, new ChoiceVector(new int[0], new SeededScheduler(seed, true)), timed);
        nanos[3] += System.nanoTime() - last[0];
        if (outcome.trace().get(outcome.trace().size() - 1).toString().contains("stalled")) {
            spent.stalled++;
            spent.stalledSeeds.add(seed);
        }
    }

    private void report(java.io.PrintWriter out, int count, long wall, long serverStart, Spent all) {
        long[] nanos = all.nanos;
        int[] lines = all.lines;
        // With several workers the parts add up to about workers x wall: each is a share of the workers' time.
        double busy = (double) wall * count;
        out.printf("explore search: %s, %d clients, every fault, 6 lines + closing lines, %d seeds, %d worker%s "
                + "(each on a server of its own)%n", algorithm, clients, seeds, count, count == 1 ? "" : "s");
        out.printf("  wall %.1f s (%.1f runs/s, %.0f ms a run); server start %.0f ms, once%s%n", wall / 1e9,
                seeds / (wall / 1e9), wall / 1e6 / seeds, serverStart / 1e6, count == 1 ? "" : " per worker");
        out.printf("  %s%n", count == 1 ? "parts of the wall time:" : "parts of the workers' time (" + count
                + " x wall):");
        out.printf("  open (sessions, links)   %6.1f s  %4.0f%%%n", nanos[0] / 1e9, 100.0 * nanos[0] / busy);
        out.printf("  lock lines   (%6d)   %6.1f s  %4.0f%%  %.1f ms a line%n", lines[0], nanos[1] / 1e9,
                100.0 * nanos[1] / busy, nanos[1] / 1e6 / Math.max(1, lines[0]));
        out.printf("  fault lines  (%6d)   %6.1f s  %4.0f%%  %.1f ms a line%n", lines[1], nanos[2] / 1e9,
                100.0 * nanos[2] / busy, nanos[2] / 1e6 / Math.max(1, lines[1]));
        all.byFault.forEach((name, spent) -> out.printf("    %-22s (%5d) %6.1f s  %6.1f ms a line%n", name,
                all.faultCount.get(name), spent / 1e9, spent / 1e6 / all.faultCount.get(name)));
        out.printf("  end of run, hand-over    %6.1f s  %4.0f%%%n", nanos[3] / 1e9, 100.0 * nanos[3] / busy);
        out.printf("  runs stalled (waited 30 s for the runner's stall detection): %d%s%n", all.stalled,
                all.stalledSeeds.isEmpty() ? "" : ", seeds " + all.stalledSeeds.stream().sorted().toList());
        out.flush();
    }

    /** The fault a fault line applies (a race's first fault, named {@code together}). */
    private static String faultName(Step step) {
        if (step instanceof lockstep.simulator.scenario.ServerStep server) {
            return server.fault().name();
        }
        if (step instanceof lockstep.simulator.scenario.Action action) {
            return action.fault().name();
        }
        return "together: " + ((lockstep.simulator.scenario.Together) step).actions().stream()
                .filter(a -> a.fault() != null).findFirst().orElseThrow().fault().name();
    }

    private static boolean isFault(Step step) {
        return step instanceof lockstep.simulator.scenario.ServerStep
                || step instanceof lockstep.simulator.scenario.Action action && action.fault() != null
                || step instanceof lockstep.simulator.scenario.Together together
                && together.actions().stream().anyMatch(a -> a.fault() != null);
    }

    private void bugTable(java.io.PrintWriter out) throws Exception {
        List<Algorithms.Info> bugs = Algorithms.all().stream().filter(a -> a.has(lockstep.algorithms.Flag.BUG)).toList();
        if (bugs.isEmpty()) {
            out.println("no algorithm with the bug flag in the registry");
            return;
        }
        Path folder = Files.createTempDirectory("lockstep-bench-explore-");
        out.println();
        out.println("algorithm                         caught at seed  runs  kind               shrunk to            "
                + "search s  replays");
        for (Algorithms.Info bug : bugs) {
            long started = System.nanoTime();
            Explorer.Summary summary = Explorer.explore(new Explorer.Settings(bug, 4, Faults.all(), 1, 200, false, 6,
                    folder), Explorer.defaultWorkers(1), Explorer.Progress.NONE);
            double seconds = (System.nanoTime() - started) / 1e9;
            if (!summary.found()) {
                out.printf("%-33s %-15s %5d  %-18s %-20s %8.1f%n", bug.name(), "not caught", summary.runs(), "-",
                        "-", seconds);
                continue;
            }
            Counterexample found = summary.findings().get(0);
            out.printf("%-33s %-15d %5d  %-18s %-20s %8.1f  %s%n", bug.name(), found.seed(), summary.runs(),
                    found.kind(), found.clients() + " clients, " + found.lines() + " lines", seconds,
                    found.replays() ? "yes" : "NO");
            out.flush();
        }
    }
}
