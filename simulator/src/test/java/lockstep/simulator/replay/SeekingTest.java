package lockstep.simulator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import lockstep.simulator.bench.SyntheticTrace;
import lockstep.simulator.trace.Event;

/** Property: however a state is reached (forward, backward, jumping), it is the state replayed from the start. */
class SeekingTest {

    private static final List<Event> TRACE = SyntheticTrace.generate(40, 6_000, 7L);

    @Test
    void seekingInAnyOrderGivesTheStateReplayedFromTheStart() {
        List<ReplayState> fromTheStart = statesReplayedOneByOne(TRACE);
        ReplayModel model = ReplayModel.of(TRACE);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < TRACE.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(11));
        for (int index : order) {
            ReplayState state = model.stateAt(index);
            assertEquals(fromTheStart.get(index), state, "state at " + index);
            assertEquals(List.copyOf(fromTheStart.get(index).clients().keySet()), List.copyOf(state.clients().keySet()));
        }
    }

    @Test
    void seekingBackwardGivesTheEndStateOfThePrefix() {
        ReplayModel model = ReplayModel.of(TRACE);
        for (int index = TRACE.size() - 1; index >= 0; index -= 97) {
            assertEquals(ReplayModel.endOf(TRACE.subList(0, index + 1)), model.stateAt(index), "state at " + index);
        }
    }

    @Test
    void snapshotsAreNotChangedBySeeking() {
        ReplayModel model = ReplayModel.of(TRACE);
        ReplayState before = model.stateAt(ReplayModel.SNAPSHOT_EVERY);
        model.stateAt(ReplayModel.SNAPSHOT_EVERY + 100);
        model.stateAt(ReplayModel.SNAPSHOT_EVERY + 1);
        assertEquals(before, model.stateAt(ReplayModel.SNAPSHOT_EVERY));
    }

    @Test
    void theGeneratedTraceExercisesEveryPartOfTheState() {
        ReplayState end = ReplayModel.endOf(TRACE);
        // Guards the property tests above against a generator that stops producing interesting traces.
        assertTrue(end.counters().futileWakeups() > 10, "futile wake-ups");
        assertTrue(end.counters().acquisitions() > 50, "acquisitions");
        assertTrue(TRACE.stream().anyMatch(e -> e instanceof Event.ClientState s
                && s.state() == Event.State.EXPIRED), "expiries");
    }

    private static List<ReplayState> statesReplayedOneByOne(List<Event> trace) {
        List<ReplayState> states = new ArrayList<>(trace.size());
        Replay replay = Replay.start(trace.get(0));
        states.add(replay.copy().freeze());
        for (Event event : trace.subList(1, trace.size())) {
            replay.apply(event);
            states.add(replay.copy().freeze());
        }
        return states;
    }
}
