package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lockstep.simulator.schedule.Independence;
import lockstep.simulator.schedule.Option;

/**
 * The steps of one run in the order they were let happen, cut at its quiescent points, and how many orders of them
 * the same run could have taken: the linear extensions of its happens-before order, the relation an exhaustive search
 * reduces by ({@link Independence}: two steps are ordered when they do not commute, so each client's own steps form a
 * chain), counted segment by segment (nothing reaches across a quiescent point: what follows one starts only there)
 * and multiplied.
 *
 * <p>Steps: per segment, the steps are split into one chain per client; a step may go once every step of another
 * client before it in the run that it does not commute with has gone. The orders are the paths through the grid of
 * "how many steps of each chain have gone" (a small dynamic programme: the product of the chains' lengths plus one
 * states, a few thousand at three clients).
 *
 * <p>Guarantee: {@link #count} is the number of step sequences equivalent to the run's up to swapping adjacent steps
 * that commute; with a valid independence relation each is a run of the unreduced search, and no other is (the
 * argument is in docs/design/search.md). Exact, or an {@link ArithmeticException} when it would not fit a long.
 */
final class Orderings {

    private final List<List<Option>> segments = new ArrayList<>();
    private List<Option> current = new ArrayList<>();

    /** A step the run let happen, chosen or the only one open. */
    void step(Option option) {
        current.add(option);
    }

    /** The run is quiescent: the steps after this cannot go before any step so far. */
    void quiescent() {
        if (!current.isEmpty()) {
            segments.add(current);
            current = new ArrayList<>();
        }
    }

    /** How many pieces were cut so far: at a script line's point, where the pieces after it start. */
    int cuts() {
        return segments.size();
    }

    /**
     * The orders of the pieces from cut {@code from} up to cut {@code to} (exclusive; -1: every piece after
     * {@code from}, the one not yet cut included): what the steps of a run after a script line's point stand for.
     */
    long countBetween(int from, int to) {
        long orders = 1;
        int end = to < 0 ? segments.size() : to;
        for (int i = from; i < end; i++) {
            orders = Math.multiplyExact(orders, linearExtensions(segments.get(i)));
        }
        return to >= 0 || current.isEmpty() ? orders : Math.multiplyExact(orders, linearExtensions(current));
    }

    /** The orders of the steps so far: the product of each segment's. */
    long count() {
        long orders = 1;
        for (List<Option> segment : segments) {
            orders = Math.multiplyExact(orders, linearExtensions(segment));
        }
        return current.isEmpty() ? orders : Math.multiplyExact(orders, linearExtensions(current));
    }

    /** The orders of {@code steps} (in run order) that keep every two steps that do not commute in their order. */
    static long linearExtensions(List<Option> steps) {
        if (steps.size() <= 1) {
            return 1;
        }
        Map<String, List<Integer>> chains = new LinkedHashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            chains.computeIfAbsent(steps.get(i).client(), c -> new ArrayList<>()).add(i);
        }
        List<List<Integer>> chain = new ArrayList<>(chains.values());
        int k = chain.size();
        int[] chainOf = new int[steps.size()];
        for (int c = 0; c < k; c++) {
            for (int i : chain.get(c)) {
                chainOf[i] = c;
            }
        }
        // needs[i][d]: how many of chain d's steps must have gone before step i may go.
        int[][] needs = new int[steps.size()][k];
        java.util.BitSet[] before = happensBefore(steps);
        for (int j = 0; j < steps.size(); j++) {
            for (int i = before[j].nextSetBit(0); i >= 0; i = before[j].nextSetBit(i + 1)) {
                int d = chainOf[i];
                if (d != chainOf[j]) {
                    needs[j][d] = Math.max(needs[j][d], positionIn(chain.get(d), i) + 1);
                }
            }
        }
        int[] radix = new int[k];
        int states = 1;
        for (int c = 0; c < k; c++) {
            radix[c] = states;
            states = Math.multiplyExact(states, chain.get(c).size() + 1);
        }
        long[] paths = new long[states];
        paths[0] = 1;
        int[] gone = new int[k];
        // Going a step up a chain raises the state's number, so ascending numbers are a topological order.
        for (int state = 0; state < states; state++) {
            if (paths[state] == 0) {
                continue;
            }
            for (int c = 0, rest = state; c < k; c++) {
                gone[c] = (rest / radix[c]) % (chain.get(c).size() + 1);
            }
            for (int c = 0; c < k; c++) {
                if (gone[c] == chain.get(c).size()) {
                    continue;
                }
                int[] need = needs[chain.get(c).get(gone[c])];
                boolean may = true;
                for (int d = 0; d < k && may; d++) {
                    may = gone[d] >= need[d];
                }
                if (may) {
                    paths[state + radix[c]] = Math.addExact(paths[state + radix[c]], paths[state]);
                }
            }
        }
        return paths[states - 1];
    }

    /**
     * The happens-before order of {@code steps} (in run order): {@code before[j]} holds every i &lt; j such that step
     * i must go before step j in every equivalent order, that is a chain i = i0 &lt; i1 &lt; ... &lt; in = j in which
     * each two neighbours do not commute ({@link #ordered}). Its linear extensions are what {@link #count} counts; a
     * search that reverses races reads it too ({@link Races}).
     */
    static java.util.BitSet[] happensBefore(List<Option> steps) {
        java.util.BitSet[] before = new java.util.BitSet[steps.size()];
        for (int j = 0; j < steps.size(); j++) {
            before[j] = new java.util.BitSet(j);
            for (int i = 0; i < j; i++) {
                if (ordered(steps.get(i), steps.get(j))) {
                    before[j].set(i);
                    before[j].or(before[i]);
                }
            }
        }
        return before;
    }

    /**
     * Whether two steps keep their order in every equivalent run: they do not commute ({@link Independence}), which
     * is always so for two steps of one client (a client's chain).
     */
    static boolean ordered(Option a, Option b) {
        return !Independence.commute(a, b);
    }

    private static int positionIn(List<Integer> chain, int step) {
        return java.util.Collections.binarySearch(chain, step);
    }
}
