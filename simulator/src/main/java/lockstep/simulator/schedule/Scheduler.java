package lockstep.simulator.schedule;

import java.util.List;

/**
 * Decides every choice point of a lockstep run: which of the calls waiting at the seam runs next, and which pending
 * notification is delivered next, interleaved with calls (a notification may reach its client after another client's
 * call, as on a real network). The run asks only when there are two or more options, and writes each answer to the
 * trace as a choice event, so any run can be replayed exactly ({@link ReplayingScheduler}).
 *
 * <p>Implementations must be deterministic functions of what they were given and the choices asked so far: that is
 * what makes a run repeatable.
 */
public interface Scheduler {

    /**
     * The position of the option to take.
     *
     * @param options two or more, in the run's fixed order: calls in client order, then deliveries in client, path and
     *                type order
     * @return a position in {@code options}
     */
    int choose(List<Option> options);

    /**
     * Whether the run should tell {@link #only} of every option it lets happen without asking (the only one open).
     * A search that reduces schedules needs every step; others do not, and the run then describes no lone option.
     */
    default boolean followsEveryStep() {
        return false;
    }

    /** An option the run let happen without asking, the only one open; told only if {@link #followsEveryStep}. */
    default void only(Option option) {
    }

    /**
     * The run is quiescent: no option is open, and what comes next (a script line, a fault) starts only now, after
     * every option let happen so far. Told only if {@link #followsEveryStep}: a search that counts the orders of a
     * run's steps needs to know where no order can reach across.
     */
    default void quiescent() {
    }

    /** The default: the seed breaks ties between calls, notifications go first (see {@link SeededScheduler}). */
    static Scheduler seeded(long seed) {
        return new SeededScheduler(seed, false);
    }
}
