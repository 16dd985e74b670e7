package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.schedule.Option;

/**
 * The orders of a run's steps ({@link Orderings}) counted by hand, and the claim the exhaustive search's count rests
 * on, checked on small systems without a server: a depth-first search with sleep sets ({@link SleepSets}) makes one
 * unblocked run per class of equivalent runs, so the orders of its unblocked runs add up to every run of the
 * unreduced search, which is enumerated here too.
 */
class OrderingsTest {

    private static Option step(String client, String path) {
        return new Option(Option.Kind.CALL, client, client + " getData " + path, List.of(path), -1);
    }

    @Test
    void ordersAreTheLinearExtensionsOfWhatDoesNotCommute() {
        // Two clients on different paths: every interleaving of 2 and 3 steps, C(5, 2).
        assertEquals(10, Orderings.linearExtensions(List.of(step("c1", "/a"), step("c2", "/b"), step("c1", "/a"),
                step("c2", "/b"), step("c2", "/b"))));
        // One path: the run's order only.
        assertEquals(1, Orderings.linearExtensions(List.of(step("c1", "/a"), step("c2", "/a"), step("c1", "/a"))));
        // c2's /a step must follow c1's first (/a); c1's /b commutes with it: c1 a, then {c1 b, c2 a} either way.
        assertEquals(2, Orderings.linearExtensions(List.of(step("c1", "/a"), step("c1", "/b"), step("c2", "/a"))));
        // Three independent clients of one step each: 3!.
        assertEquals(6, Orderings.linearExtensions(List.of(step("c1", "/a"), step("c2", "/b"), step("c3", "/c"))));
        // Nothing crosses a quiescent point: 2 orders before it, 2 after.
        Orderings run = new Orderings();
        run.step(step("c1", "/a"));
        run.step(step("c2", "/b"));
        run.quiescent();
        run.step(step("c2", "/b"));
        run.step(step("c1", "/a"));
        run.quiescent();
        assertEquals(4, run.count());
    }

    /**
     * A small system of clients, each a fixed list of steps on paths, in segments separated by quiescent points,
     * driven the way the conductor drives a run: every step through {@link SleepSets} (choose at two or more open,
     * only at one), quiescent between segments.
     */
    private static SleepSets run(List<List<List<String>>> segments, int[] given, boolean reduce) {
        return run(segments, new SleepSets(given, Integer.MAX_VALUE, reduce));
    }

    private static SleepSets run(List<List<List<String>>> segments, SleepSets scheduler) {
        int steps = 0;
        for (List<List<String>> segment : segments) {
            int[] next = new int[segment.size()];
            while (true) {
                List<Option> open = new ArrayList<>();
                List<Integer> owners = new ArrayList<>();
                for (int c = 0; c < segment.size(); c++) {
                    if (next[c] < segment.get(c).size()) {
                        String client = "c" + (c + 1);
                        String path = segment.get(c).get(next[c]);
                        // The same text may come again (a client reads a path twice), as in real runs.
                        open.add(new Option(Option.Kind.CALL, client, client + " getData " + path,
                                path.startsWith("!") ? List.of() : List.of(path), steps));
                        owners.add(c);
                    }
                }
                if (open.isEmpty()) {
                    scheduler.quiescent();
                    break;
                }
                int taken = 0;
                if (open.size() == 1) {
                    scheduler.only(open.get(0));
                } else {
                    taken = scheduler.choose(open);
                }
                next[owners.get(taken)]++;
                steps++;
            }
        }
        return scheduler;
    }

    /** {reduced unblocked runs, orders they stand for, unreduced runs}. */
    private static long[] search(List<List<List<String>>> segments) {
        long[] counts = new long[3];
        for (boolean reduce : new boolean[] {true, false}) {
            int[] given = new int[0];
            while (given != null) {
                SleepSets scheduler = run(segments, given, reduce);
                if (reduce && !scheduler.blocked()) {
                    counts[0]++;
                    counts[1] += scheduler.orders();
                } else if (!reduce) {
                    counts[2]++;
                }
                given = scheduler.next();
            }
        }
        return counts;
    }

    @Test
    void theOrdersOfTheReducedSearchsRunsAreEveryRunOfTheUnreducedOne() {
        List<List<List<List<String>>>> systems = List.of(
                // independent clients: one class, every interleaving
                List.of(List.of(List.of("/a", "/a"), List.of("/b", "/b", "/b"))),
                // one shared path among others, three clients
                List.of(List.of(List.of("/a", "/p"), List.of("/p", "/b"), List.of("/c", "/p", "/c"))),
                // two segments, a step that commutes with nothing ("!") in the second
                List.of(List.of(List.of("/a", "/p"), List.of("/p")),
                        List.of(List.of("/a"), List.of("!x", "/b"), List.of("/p", "/a"))),
                // everything on one path: the reduction saves nothing
                List.of(List.of(List.of("/p", "/p"), List.of("/p"), List.of("/p"))));
        for (List<List<List<String>>> system : systems) {
            long[] counts = search(system);
            assertEquals(counts[2], counts[1], system + ": " + java.util.Arrays.toString(counts));
        }
        // Independent clients: one run stands for all C(5, 2) = 10.
        assertEquals(1, search(systems.get(0))[0]);
    }

    @Test
    void randomDescentsEstimateTheSearchWithoutMakingIt() {
        List<List<List<String>>> system = List.of(List.of(List.of("/a", "/p"), List.of("/p", "/b"),
                List.of("/c", "/p", "/c")));
        long runs = 0;
        long[] exact = search(system);
        for (int[] given = new int[0]; given != null; runs++) {
            given = run(system, given, true).next();
        }
        java.util.Random probe = new java.util.Random(1);
        double[] sum = new double[3];
        int descents = 4_000;
        for (int i = 0; i < descents; i++) {
            SleepSets descent = run(system, new SleepSets(new int[0], Integer.MAX_VALUE, true, probe));
            sum[0] += descent.weight();
            sum[1] += descent.blocked() ? 0 : descent.weight();
            sum[2] += descent.blocked() ? 0 : descent.weight() * descent.orders();
        }
        // Unbiased (Knuth 1975): the means come within a tenth of the search's own counts.
        assertEquals(runs, sum[0] / descents, runs * 0.1);
        assertEquals(exact[0], sum[1] / descents, exact[0] * 0.1);
        assertEquals(exact[2], sum[2] / descents, exact[2] * 0.1);
    }
}
