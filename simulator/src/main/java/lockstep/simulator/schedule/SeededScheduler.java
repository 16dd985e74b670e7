package lockstep.simulator.schedule;

import java.util.List;
import java.util.Random;

/**
 * Choices from a seeded random generator: the same seed gives the same run.
 *
 * <p>By default pending notifications are delivered first, in the run's fixed order, and the seed picks among the
 * waiting calls: a network that is quick compared with the clients, the behaviour Lockstep's built-in scenarios are
 * written for. With {@code interleave} the seed picks among all options alike, so a notification may also arrive
 * after other clients' calls: the schedules a search for bugs needs.
 */
public final class SeededScheduler implements Scheduler {

    private final Random random;
    private final boolean interleave;

    public SeededScheduler(long seed, boolean interleave) {
        this.random = new Random(seed);
        this.interleave = interleave;
    }

    @Override
    public int choose(List<Option> options) {
        if (!interleave) {
            for (int i = 0; i < options.size(); i++) {
                if (options.get(i).isDelivery()) {
                    return i;
                }
            }
        }
        return random.nextInt(options.size());
    }
}
