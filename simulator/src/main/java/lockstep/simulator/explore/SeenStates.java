package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The states a stateful search of every script has explored whole, at script lines' points (quiescence), with what
 * their subtrees held: a run that reaches one again is cut short there and stands for those counts
 * (docs/design/search.md, "States seen before").
 *
 * <p>Steps: after each run ({@link #ran}), the run's line points open a frame each (one per point of the tree; a
 * point the last run shared keeps its frame), and every open frame adds what the run stands for below it: one
 * schedule and the orders of its steps after the point when it was not blocked, or, cut short at a state explored
 * already, that state's schedules and its orders times the orders of the steps between. Before the next run
 * ({@link #next}), the frames deeper than the point that run changes are closed: depth first, everything below them
 * was run, so their counts are whole and their states known ({@link #explored}).
 *
 * <p>Guarantee: a state is known only once its subtree is closed; a frame's counts are the sums over its subtree's
 * runs, the subtrees cut short included through their states' counts.
 */
final class SeenStates {

    /** A script line's point of a run: its position in the run's vector, its state, the pieces of steps before it. */
    record LinePoint(int point, String key, int pieces, String script) {
    }

    /** A subtree's counts: its schedules (runs not blocked) and the schedules before reduction they stand for. */
    record Counts(long schedules, long orders) {
    }

    private static final class Frame {
        final int point;
        final String key;
        final int pieces;
        final String script;
        long schedules;
        long orders;

        Frame(LinePoint at) {
            point = at.point();
            key = at.key();
            pieces = at.pieces();
            script = at.script();
        }
    }

    private final Map<String, Counts> explored = new HashMap<>();
    /**
     * A check of the cache (system property {@code lockstep.checkStates}): nothing is cut, every state is explored
     * each time, and a state whose subtree counts differ from its first meeting's is told on stderr.
     */
    private final boolean checking = Boolean.getBoolean("lockstep.checkStates");
    private final Map<String, String> firstScript = new HashMap<>();
    private final List<Frame> open = new ArrayList<>();
    /** With random descents: each state passed, and how often (to measure how many there are). */
    private final Map<String, Integer> passed = new HashMap<>();
    private final Map<Integer, java.util.Set<String>> passedByLines = new java.util.TreeMap<>();
    private long cutShort;

    /** The counts of {@code key}'s subtree when it was explored whole, else null. */
    Counts explored(String key) {
        return checking ? null : explored.get(key);
    }

    /** How many states were explored whole. */
    int size() {
        return explored.size();
    }

    /** How many runs were cut short at a state explored already. */
    long cutShort() {
        return cutShort;
    }

    /** After {@code run}: its line points open frames, and every open frame adds what the run stands for. */
    void ran(SleepSets run) {
        for (LinePoint at : run.linePoints()) {
            Frame same = open.stream().filter(f -> f.point == at.point()).findFirst().orElse(null);
            if (same == null) {
                open.add(new Frame(at));
            } else if (!same.key.equals(at.key())) {
                // The same prefix reached another state: the run is not a function of its vector.
                throw new IllegalStateException("the state at point " + at.point() + " differs between two runs of "
                        + "the same prefix: the runs are not deterministic, a stateful search cannot be trusted");
            }
        }
        Counts cut = run.cut();
        if (cut != null) {
            cutShort++;
        }
        for (Frame frame : open) {
            if (cut != null) {
                frame.schedules = Math.addExact(frame.schedules, cut.schedules());
                frame.orders = Math.addExact(frame.orders, Math.multiplyExact(run.ordersFrom(frame.pieces),
                        cut.orders()));
            } else if (!run.blocked()) {
                frame.schedules++;
                frame.orders = Math.addExact(frame.orders, run.ordersFrom(frame.pieces));
            }
        }
    }

    /**
     * Before the run of {@code vector} (null: the search is done): the frames past the point it changes are closed,
     * their states explored whole.
     */
    void next(int[] vector) {
        int keep = vector == null ? 0 : vector.length; // points 0..length-1 stay open; the last is the one changed
        while (!open.isEmpty() && open.get(open.size() - 1).point >= keep) {
            Frame done = open.remove(open.size() - 1);
            Counts counts = new Counts(done.schedules, done.orders);
            Counts before = explored.putIfAbsent(done.key, counts);
            firstScript.putIfAbsent(done.key, done.script);
            if (checking && before != null && !before.equals(counts)) {
                System.err.println("state cache check: " + before + " at " + firstScript.get(done.key) + " but "
                        + counts + " at " + done.script + "\n  key " + done.key);
            }
        }
    }

    /**
     * A random descent passed {@code keys} at its line points, its weight {@code weights} as it reached each and
     * {@code weight} at its end: counted, to tell how many states the scope has and how many runs a state's own line
     * costs (the weight gained from one line point to the next estimates the runs of one level below a state).
     */
    void passed(List<String> keys, List<Double> weights, double weight) {
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            passed.merge(key, 1, Integer::sum);
            int lines = Integer.parseInt(key.substring(6, key.indexOf(' ', 6)));
            passedByLines.computeIfAbsent(lines, k -> new java.util.HashSet<>()).add(key);
            double to = i + 1 < weights.size() ? weights.get(i + 1) : weight;
            levelSum.merge(lines, to / weights.get(i), Double::sum);
            levelCount.merge(lines, 1, Integer::sum);
        }
    }

    private final Map<Integer, Double> levelSum = new java.util.TreeMap<>();
    private final Map<Integer, Integer> levelCount = new java.util.TreeMap<>();

    /**
     * The states descents passed, distinct, by lines written (with Chao's estimate of how many there are from those
     * met once and twice), the mean runs of one level below a state, and the runs a stateful search would make:
     * the sum over the levels of the states times a level's runs.
     */
    String census() {
        StringBuilder out = new StringBuilder("states passed " + passed.values().stream().mapToInt(i -> i).sum()
                + ", distinct " + passed.size());
        double predicted = 0;
        for (Map.Entry<Integer, java.util.Set<String>> level : passedByLines.entrySet()) {
            long once = level.getValue().stream().filter(k -> passed.get(k) == 1).count();
            long twice = level.getValue().stream().filter(k -> passed.get(k) == 2).count();
            double chao = level.getValue().size() + (twice > 0 ? once * once / (2.0 * twice)
                    : once * (once - 1) / 2.0);
            double runs = levelSum.get(level.getKey()) / levelCount.get(level.getKey());
            predicted += chao * runs;
            out.append(String.format(java.util.Locale.ROOT, "; after %d lines: %d distinct (once %d, twice %d, "
                    + "Chao1 %.0f), a level below one %.1f runs", level.getKey(), level.getValue().size(), once,
                    twice, chao, runs));
        }
        out.append(String.format(java.util.Locale.ROOT, "; stateful search predicted at about %.3g runs",
                predicted));
        return out.toString();
}
}
