package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.schedule.Option;
import lockstep.simulator.schedule.Scheduler;

/**
 * A scheduler a search drives: choice point i takes the option at position {@code given[i]} (the last one when
 * fewer are offered), and every choice point past the vector is left to {@code beyond} (the first option, by
 * default). It writes down what it took and how many options each point offered: the taken vector replays the run,
 * and the counts tell an exhaustive search where the other branches are.
 */
public final class ChoiceVector implements Scheduler {

    /** The default choice: the first option (calls in client order come before deliveries). */
    public static final Scheduler FIRST = options -> 0;

    private final int[] given;
    private final Scheduler beyond;
    private final List<Integer> taken = new ArrayList<>();
    private final List<Integer> offered = new ArrayList<>();

    public ChoiceVector(int[] given, Scheduler beyond) {
        this.given = given.clone();
        this.beyond = beyond;
    }

    /** The vector {@code given}, then the first option at every later point. */
    public static ChoiceVector of(int[] given) {
        return new ChoiceVector(given, FIRST);
    }

    @Override
    public synchronized int choose(List<Option> options) {
        int point = taken.size();
        int choice = point < given.length ? Math.min(given[point], options.size() - 1) : beyond.choose(options);
        taken.add(choice);
        offered.add(options.size());
        return choice;
    }

    /** The position taken at each choice point so far. */
    public synchronized int[] taken() {
        return taken.stream().mapToInt(Integer::intValue).toArray();
    }

    /** How many options each choice point so far offered. */
    public synchronized int[] offered() {
        return offered.stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code vector} without its trailing default (0) choices, which a {@link #of} vector takes anyway. */
    public static int[] trimmed(int[] vector) {
        int end = vector.length;
        while (end > 0 && vector[end - 1] == 0) {
            end--;
        }
        return java.util.Arrays.copyOf(vector, end);
    }
}
