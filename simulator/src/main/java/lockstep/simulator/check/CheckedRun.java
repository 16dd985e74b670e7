package lockstep.simulator.check;

import java.util.List;
import java.util.function.BiConsumer;

import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.replay.Remembered;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * A trace as the invariants see it: its events, the state after its last event and what the run remembers then, and a
 * walk through every state in between (the same replay the window shows, so a finding and the frame it points at always
 * agree; and the same memory the search keys its states by, so a fact of the past is derived in one place).
 *
 * @param events     the trace's events
 * @param end        the replayed state after the last of them
 * @param remembered what the run remembers of its past then ({@link Remembered}: tokens, last grants, creations)
 */
public record CheckedRun(List<Event> events, ReplayState end, Remembered remembered) {

    public CheckedRun {
        events = List.copyOf(events);
    }

    static CheckedRun of(List<Event> trace) {
        if (trace.isEmpty()) {
            throw new IllegalArgumentException("an empty trace has no states");
        }
        LiveReplay live = LiveReplay.startingWith(trace.get(0));
        for (Event event : trace.subList(1, trace.size())) {
            live.apply(event);
        }
        return new CheckedRun(trace, live.state(), live.remembered());
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
