package lockstep.simulator.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import lockstep.simulator.trace.Event;

/**
 * The state of a run at any event index, computed from its trace alone (no ZooKeeper, no JavaFX): snapshots every
 * {@value #SNAPSHOT_EVERY} events plus replay from the nearest one, so that seeking anywhere in a long trace costs one
 * snapshot copy and at most {@value #SNAPSHOT_EVERY} - 1 event applications. Stepping back is seeking, never undoing.
 *
 * <p>Guarantees: {@code stateAt(i)} is the same state however it was reached (it equals replaying events 0..i from the
 * start); the model and every state it returns are immutable, so both may be shared between threads.
 */
public final class ReplayModel {

    /**
     * Events between snapshots. With a few hundred clients a snapshot copy costs about as much as applying a few hundred
     * events, so this keeps both halves of a seek small; 100,000 events make about 400 snapshots.
     */
    public static final int SNAPSHOT_EVERY = 256;

    private final List<Event> events;
    private final List<Replay> snapshots;

    private ReplayModel(List<Event> events) {
        this.events = List.copyOf(events);
        if (this.events.isEmpty()) {
            throw new IllegalArgumentException("an empty trace has no states");
        }
        List<Replay> taken = new ArrayList<>(this.events.size() / SNAPSHOT_EVERY + 1);
        Replay replay = Replay.startWithoutMemory(this.events.get(0));
        taken.add(replay.copy());
        for (int i = 1; i < this.events.size(); i++) {
            Event event = this.events.get(i);
            if (event.index() != i) {
                throw new IllegalArgumentException("event at position " + i + " has index " + event.index());
            }
            replay.apply(event);
            if (i % SNAPSHOT_EVERY == 0) {
                taken.add(replay.copy());
            }
        }
        this.snapshots = List.copyOf(taken);
    }

    /** A model over a whole trace; the first event must be a {@link Event.RunStarted}, event i must have index i. */
    public static ReplayModel of(List<Event> events) {
        return new ReplayModel(events);
    }

    /**
     * The state after the last event of {@code events}, replayed in one pass without keeping snapshots: for metrics
     * and checks that only need the end.
     */
    public static ReplayState endOf(List<Event> events) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("an empty trace has no states");
        }
        Replay replay = Replay.startWithoutMemory(events.get(0));
        for (Event event : events.subList(1, events.size())) {
            replay.apply(event);
        }
        return replay.freeze();
    }

    public List<Event> events() {
        return events;
    }

    public int size() {
        return events.size();
    }

    /** The state just after event {@code index} (0 &lt;= index &lt; size()). */
    public ReplayState stateAt(int index) {
        Objects.checkIndex(index, events.size());
        // Snapshot k holds the state after event k * SNAPSHOT_EVERY; a copy, because the snapshot must stay as it is.
        Replay replay = snapshots.get(index / SNAPSHOT_EVERY).copy();
        for (int i = replay.index() + 1; i <= index; i++) {
            replay.apply(events.get(i));
        }
        return replay.freeze();
    }
}
