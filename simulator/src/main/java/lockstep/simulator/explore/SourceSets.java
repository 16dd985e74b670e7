package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The choice points of the current prefix of a depth-first search with source sets and sleep sets (Source-DPOR:
 * Abdulla, Aronis, Jonsson and Sagonas, "Optimal Dynamic Partial Order Reduction", POPL 2014, Algorithm 1): per
 * point, the options open there, those asleep there, the backtrack set (the options the point must try) and the done
 * set (those it has tried); one object for a whole tree, told of each run in turn ({@link SleepSets} asks it).
 *
 * <p>Steps, after each run ({@link #next}):
 * <ol>
 *   <li>the run's points past the prefix it replayed, up to its block or cut, are pushed, each with its option taken
 *       as both its backtrack and its done set (a script line's point: every line in its backtrack set, as without
 *       source sets);</li>
 *   <li>each reversal the run's races ask for ({@link Races}) goes to its point: nothing when one of its initials is
 *       in the point's backtrack set or asleep there; else the first initial open there; else, should none be open
 *       there, every option of the point (always sound: that is the search without source sets);</li>
 *   <li>the next run: the deepest point that branches with an option in its backtrack set, not done and not asleep
 *       (the first such by position) takes it; the points below it are popped.</li>
 * </ol>
 * The sleep set a run carries from a point is the options asleep there and those done there before the one taken,
 * each that commutes with it ({@link #explored}), as in the paper's line 10.
 *
 * <p>Guarantees: depth first, as the plain sleep-set search (the next run changes the deepest point with work left;
 * once a shallower point changes, no later run passes a deeper one again), which the stateful search's frames rely on
 * ({@link SeenStates}); races never cross a quiescent point, so what a script line's point explores depends only on
 * the runs below it. Soundness (every class of runs explored, one unblocked run each): docs/design/search.md, "Source
 * sets".
 */
final class SourceSets {

    private static final class Point {
        /** How many options (or lines) the point offers. */
        final int options;
        final boolean[] asleep;
        final boolean branches;
        final BitSet backtrack = new BitSet();
        final BitSet done = new BitSet();
        int taken;

        Point(int options, boolean[] asleep, boolean branches, boolean line, int taken) {
            this.options = options;
            this.asleep = asleep;
            this.branches = branches;
            this.taken = taken;
            done.set(taken);
            if (line) {
                backtrack.set(0, options);
            } else {
                backtrack.set(taken);
            }
        }
    }

    private final List<Point> stack = new ArrayList<>();

    /**
     * Whether option {@code option} of point {@code point} of the prefix was tried there already, before the one
     * the prefix takes now (its subtree explored: what it commutes with may sleep).
     */
    boolean explored(int point, int option) {
        return point < stack.size() && stack.get(point).done.get(option) && stack.get(point).taken != option;
    }

    /**
     * The run just made, and the vector of the next (null when the tree is done).
     *
     * @param limit    the points the tree holds of the run: up to its block or cut
     * @param taken    the position taken at each point
     * @param offered  per point, the texts of the options open there in this run (a script line's point: empty)
     * @param asleep   per point, the options asleep there
     * @param branches per point, whether it branches
     * @param lines    per point, whether it is a script line's
     * @param races    the reversals the run's races ask for
     */
    int[] next(int limit, List<Integer> taken, List<List<String>> offered, List<boolean[]> asleep,
               List<Boolean> branches, List<Boolean> lines, List<Races.Reversal> races) {
        for (int point = 0; point < Math.min(limit, stack.size()); point++) {
            // Texts are not compared: each run has a lock path of its own, which they name.
            if (stack.get(point).taken != taken.get(point)
                    || stack.get(point).options != asleep.get(point).length) {
                throw new IllegalStateException("point " + point + " differs between two runs of the same prefix: "
                        + "the runs are not deterministic, the search cannot be trusted");
            }
        }
        for (int point = stack.size(); point < limit; point++) {
            stack.add(new Point(asleep.get(point).length, asleep.get(point), branches.get(point), lines.get(point),
                    taken.get(point)));
        }
        for (Races.Reversal race : races) {
            if (race.point() < stack.size()) {
                // This run's texts: each run has a lock path of its own, which they name.
                reverse(stack.get(race.point()), offered.get(race.point()), race);
            }
        }
        for (int point = stack.size() - 1; point >= 0; point--) {
            Point at = stack.get(point);
            if (!at.branches) {
                continue;
            }
            for (int option = at.backtrack.nextSetBit(0); option >= 0; option = at.backtrack.nextSetBit(option + 1)) {
                if (!at.done.get(option) && !at.asleep[option]) {
                    at.done.set(option);
                    at.taken = option;
                    stack.subList(point + 1, stack.size()).clear();
                    return stack.stream().mapToInt(p -> p.taken).toArray();
                }
            }
        }
        stack.clear();
        return null;
    }

    /** The paper's lines 8 and 9, with the sleep set: an initial tried or asleep there already does. */
    private static void reverse(Point at, List<String> offered, Races.Reversal race) {
        if (!at.branches) {
            return;
        }
        int first = -1;
        for (int option = 0; option < offered.size(); option++) {
            if (race.initials().contains(offered.get(option))) {
                if (at.backtrack.get(option) || at.asleep[option]) {
                    return;
                }
                first = first < 0 ? option : first;
            }
        }
        if (first >= 0) {
            at.backtrack.set(first);
        } else {
            at.backtrack.set(0, at.options);
        }
    }
}
