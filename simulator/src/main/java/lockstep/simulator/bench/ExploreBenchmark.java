package lockstep.simulator.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import lockstep.algorithms.Algorithms;
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
 * each, on one shared server), timed in three parts: opening the run (sessions and network links), its script lines
 * (lock lines and fault lines apart), and handing it over to be closed; (2) each {@code bug-*} algorithm of the
 * registry searched over seeds 1..200: the seed it was caught at, and the size it was shrunk to.
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

    @Override
    public Integer call() throws Exception {
        java.io.PrintWriter out = spec.commandLine().getOut();
        if (!bugsOnly) {
            timedSearch(out);
        }
        bugTable(out);
        return 0;
    }

    private void timedSearch(java.io.PrintWriter out) throws Exception {
        Algorithms.Info info = Algorithms.get(algorithm);
        List<String> names = java.util.stream.IntStream.rangeClosed(1, clients).mapToObj(i -> "c" + i).toList();
        long[] nanos = new long[4]; // open, lock lines, fault lines, close
        int[] lines = new int[2];
        int stalled = 0;
        java.util.Map<String, Long> byFault = new java.util.TreeMap<>();
        java.util.Map<String, Integer> faultCount = new java.util.TreeMap<>();
        long serverStart = System.nanoTime();
        try (RunsOnOneServer server = RunsOnOneServer.start()) {
            serverStart = System.nanoTime() - serverStart;
            long started = System.nanoTime();
            for (long seed = 1; seed <= seeds; seed++) {
                ScriptGenerator script = new ScriptGenerator(seed, names, Faults.all(), 6, info.isShared());
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
                        lines[kind]++;
                        if (kind == 1) {
                            String name = faultName(previous[0]);
                            byFault.merge(name, now - last[0], Long::sum);
                            faultCount.merge(name, 1, Integer::sum);
                        }
                    }
                    previous[0] = script.next(state);
                    last[0] = System.nanoTime();
                    return previous[0];
                };
                RunsOnOneServer.Outcome outcome = server.run(new Scenario("bench-" + seed, "bench", "", seed, names,
                        List.of(), true), info, seed, new ChoiceVector(new int[0], new SeededScheduler(seed, true)),
                        timed);
                nanos[3] += System.nanoTime() - last[0];
                if (outcome.trace().get(outcome.trace().size() - 1).toString().contains("stalled")) {
                    stalled++;
                }
            }
            long wall = System.nanoTime() - started;
            out.printf("explore search: %s, %d clients, every fault, 6 lines + closing lines, %d seeds, one server%n",
                    algorithm, clients, seeds);
            out.printf("  wall %.1f s (%.1f runs/s, %.0f ms a run); server start %.0f ms, once%n", wall / 1e9,
                    seeds / (wall / 1e9), wall / 1e6 / seeds, serverStart / 1e6);
            out.printf("  open (sessions, links)   %6.1f s  %4.0f%%%n", nanos[0] / 1e9, 100.0 * nanos[0] / wall);
            out.printf("  lock lines   (%6d)   %6.1f s  %4.0f%%  %.1f ms a line%n", lines[0], nanos[1] / 1e9,
                    100.0 * nanos[1] / wall, nanos[1] / 1e6 / Math.max(1, lines[0]));
            out.printf("  fault lines  (%6d)   %6.1f s  %4.0f%%  %.1f ms a line%n", lines[1], nanos[2] / 1e9,
                    100.0 * nanos[2] / wall, nanos[2] / 1e6 / Math.max(1, lines[1]));
            byFault.forEach((name, spent) -> out.printf("    %-22s (%5d) %6.1f s  %6.1f ms a line%n", name,
                    faultCount.get(name), spent / 1e9, spent / 1e6 / faultCount.get(name)));
            out.printf("  end of run, hand-over    %6.1f s  %4.0f%%%n", nanos[3] / 1e9, 100.0 * nanos[3] / wall);
            out.printf("  runs stalled (waited 30 s for the runner's stall detection): %d%n", stalled);
        }
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
                    folder), Explorer.Progress.NONE);
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
