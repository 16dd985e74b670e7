package lockstep.simulator.frame;

import java.util.List;

/**
 * Who holds the lock, as the counter shows it.
 *
 * @param live    holders in a live session, in grant order
 * @param zombies holders whose session has ended: they only believe they hold it
 * @param tooMany more live holders than the lock admits (a mutex: more than one, unless all read; a semaphore: more
 *                than its permits): drawn red
 * @param permits how many the lock admits at once: 1 for a mutex, N for a semaphore (the counter shows live/N)
 */
public record Holders(List<String> live, List<String> zombies, boolean tooMany, int permits) {

    public Holders {
        live = List.copyOf(live);
        zombies = List.copyOf(zombies);
    }
}
