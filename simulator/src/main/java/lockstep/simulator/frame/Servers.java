package lockstep.simulator.frame;

import java.util.List;

import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * The servers as a lane draws them.
 *
 * @param boxes    one box per server: one on a single server, N on an ensemble
 * @param running  the servers serve (a single server runs; an ensemble has a leader)
 * @param back     whether servers came back in this script line
 * @param restarts how often servers came back so far
 */
public record Servers(List<Box> boxes, boolean running, ReplayState.ServersBack back, int restarts) {

    public Servers {
        boxes = List.copyOf(boxes);
    }

    /** Whether this is an ensemble. */
    public boolean ensemble() {
        return boxes.size() > 1 || (boxes.size() == 1 && boxes.get(0).number() > 0);
    }

    /**
     * A server's box.
     *
     * @param number  its number on an ensemble, 0 for the single server
     * @param role    its role on an ensemble (null on a single server)
     * @param serving it serves clients now
     */
    public record Box(int number, Event.Role role, boolean serving) {
    }
}
