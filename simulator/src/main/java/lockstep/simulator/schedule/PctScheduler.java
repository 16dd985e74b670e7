package lockstep.simulator.schedule;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * Probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi, Nagarakatte, "A Randomized Scheduler with
 * Probabilistic Guarantees of Finding Bugs", ASPLOS 2010), over the clients of a run.
 *
 * <p>Steps: the seed gives each of the n clients a distinct priority {@code d .. d+n-1} at random, and picks
 * {@code d-1} change points among the first {@code k} choice points. At each choice point the option of the client
 * with the highest priority is taken (a notification counts as its receiving client's; of one client's options, the
 * first in the run's order); when the choice point is the i-th change point, the client just chosen drops to
 * priority {@code i}, below every starting one.
 *
 * <p>Guarantee (the paper's): a bug that needs {@code d} ordering constraints between n clients and runs of at most k
 * steps is found by one run with probability at least {@code 1/(n * k^(d-1))}. Deterministic: the same seed, clients,
 * d and k give the same choices.
 */
public final class PctScheduler implements Scheduler {

    private final Map<String, Integer> priority = new HashMap<>();
    /** Change point (choice point number) to the priority the chosen client drops to. */
    private final Map<Integer, Integer> changes = new HashMap<>();
    private int point;

    /**
     * @param seed    where the priorities and change points come from
     * @param clients the clients' names
     * @param depth   d: the bug depth aimed at (d-1 change points), 1 or more
     * @param steps   k: how many choice points a run is expected to have (change points fall among them)
     */
    public PctScheduler(long seed, List<String> clients, int depth, int steps) {
        if (depth < 1 || steps < 1) {
            throw new IllegalArgumentException("depth " + depth + " and steps " + steps + " (expected 1 or more)");
        }
        Random random = new Random(seed);
        List<String> order = new ArrayList<>(clients);
        Collections.shuffle(order, random);
        for (int i = 0; i < order.size(); i++) {
            priority.put(order.get(i), depth + i);
        }
        // d-1 distinct change points among k steps (fewer when k is smaller than d-1).
        TreeSet<Integer> points = new TreeSet<>();
        while (points.size() < Math.min(depth - 1, steps)) {
            points.add(random.nextInt(steps));
        }
        List<Integer> drawn = new ArrayList<>(points);
        Collections.shuffle(drawn, random); // which change point is the i-th is random too
        for (int i = 0; i < drawn.size(); i++) {
            changes.put(drawn.get(i), i + 1);
        }
    }

    @Override
    public int choose(List<Option> options) {
        int best = 0;
        for (int i = 1; i < options.size(); i++) {
            if (priorityOf(options.get(i).client()) > priorityOf(options.get(best).client())) {
                best = i;
            }
        }
        Integer drop = changes.get(point++);
        if (drop != null) {
            priority.put(options.get(best).client(), drop);
        }
        return best;
    }

    /** A client not named at the start (none in a search) ranks below all. */
    private int priorityOf(String client) {
        return priority.getOrDefault(client, 0);
    }

    /** The clients' priorities now (for tests and the design page's example). */
    public Map<String, Integer> priorities() {
        return Map.copyOf(priority);
    }
}
