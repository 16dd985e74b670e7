package lockstep.simulator.check;

import java.util.List;
import java.util.function.BiConsumer;

import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * A trace as the invariants see it: its events, the state after its last event, and a walk through every state in
 * between (the same replay the window shows, so a finding and the frame it points at always agree).
 *
 * @param events the trace's events
 * @param end    the replayed state after the last of them
 */
public record CheckedRun(List<Event> events, ReplayState end) {

    public CheckedRun {
        events = List.copyOf(events);
    }

    static CheckedRun of(List<Event> trace) {
        return new CheckedRun(trace, ReplayModel.endOf(trace));
    }

    /** The index of the run's last event: where findings about how the run ended show. */
    int endIndex() {
        return end.index();
    }

    /** Calls {@code visitor} with each event after the first and the live state just after it. */
    void walk(BiConsumer<Event, LiveReplay> visitor) {
        LiveReplay live = LiveReplay.startingWith(events.get(0));
        for (Event event : events.subList(1, events.size())) {
            live.apply(event);
            visitor.accept(event, live);
        }
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
