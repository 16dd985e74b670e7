package lockstep.simulator.replay;

import java.util.List;

import lockstep.simulator.trace.Event;

/**
 * The state of a run at any event index, computed from its trace alone (no ZooKeeper, no JavaFX): snapshots every so
 * many events plus replay from the nearest one, so that seeking anywhere in a long trace is cheap. Stepping back is
 * seeking, never undoing.
 */
public final class ReplayModel {

    private final List<Event> events;

    private ReplayModel(List<Event> events) {
        this.events = List.copyOf(events);
    }

    /** A model over a whole trace; the first event must be a {@link Event.RunStarted}. */
    public static ReplayModel of(List<Event> events) {
        return new ReplayModel(events);
    }

    public List<Event> events() {
        return events;
    }

    public int size() {
        return events.size();
    }

    /** The state just after event {@code index} (0 &lt;= index &lt; size()). */
    public ReplayState stateAt(int index) {
        throw new UnsupportedOperationException("to be implemented");
    }
}
