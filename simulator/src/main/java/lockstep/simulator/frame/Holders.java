package lockstep.simulator.frame;

import java.util.List;

/**
 * Who holds the lock, as the counter shows it.
 *
 * @param live    holders in a live session, in grant order
 * @param zombies holders whose session has ended: they only believe they hold it
 * @param tooMany more than one live holder, and not all of them readers: drawn red
 */
public record Holders(List<String> live, List<String> zombies, boolean tooMany) {

    public Holders {
        live = List.copyOf(live);
        zombies = List.copyOf(zombies);
    }
}
