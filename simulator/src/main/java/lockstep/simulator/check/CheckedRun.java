package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * A trace as the invariants see it: its events without earlier findings (a finding changes nothing about the run),
 * and the state after its last event.
 *
 * @param events the trace's events, violations left out
 * @param end    the replayed state after the last of them
 */
public record CheckedRun(List<Event> events, ReplayState end) {

    public CheckedRun {
        events = List.copyOf(events);
    }

    static CheckedRun of(List<Event> trace) {
        List<Event> run = new ArrayList<>(trace.size());
        for (Event event : trace) {
            if (!(event instanceof Event.Violation)) {
                run.add(event);
            }
        }
        // Events keep their own indices, so every finding's "at" points into the original trace.
        return new CheckedRun(run, ReplayModel.endOf(run));
    }

    /** The index of the run's last event: where findings about how the run ended show. */
    int endIndex() {
        return end.index();
    }

    /**
     * Whether {@code path} still exists at the end, as far as the trace can tell: the lock path and paths outside it
     * are assumed to, since the trace only follows the lock's children.
     */
    boolean existsAtTheEnd(String path) {
        String prefix = end.lockPath().endsWith("/") ? end.lockPath() : end.lockPath() + "/";
        return !path.startsWith(prefix) || end.znodes().containsKey(path);
    }
}
