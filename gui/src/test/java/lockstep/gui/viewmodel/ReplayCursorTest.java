package lockstep.gui.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;

/** The replay cursor and its lanes, without a toolkit: stepping, seeking, lanes on the same line, captions, colours. */
class ReplayCursorTest {

    private static List<Event> naive;
    private static List<Event> sequential;

    @BeforeAll
    static void runTheHerd() throws Exception {
        Scenario herd = Simulations.load("02");
        long seed = Simulations.seedFor(herd, null);
        naive = Simulations.run(herd, "naive", seed);
        sequential = Simulations.run(herd, "sequential", seed);
    }

    private static ReplayCursor cursor() {
        return new ReplayCursor(List.of(new LaneViewModel(naive), new LaneViewModel(sequential)));
    }

    private static int firstState(List<Event> trace, String client, Event.State state) {
        return trace.stream().filter(e -> e instanceof Event.ClientState s && s.client().equals(client)
                && s.state() == state).findFirst().orElseThrow().index();
    }

    @Test
    void steppingForwardChangesACaptionAndSteppingBackRestoresIt() {
        ReplayCursor cursor = cursor();
        LaneViewModel lane = cursor.focusedLaneModel();
        int waits = firstState(naive, "c2", Event.State.WAITING);
        cursor.seek(waits - 1);
        ReplayState before = lane.getState();
        String captionBefore = LaneViewModel.caption(before, before.clients().get("c2"));
        cursor.forward();
        ReplayState after = lane.getState();
        assertEquals(Event.State.WAITING, after.clients().get("c2").state());
        String captionAfter = LaneViewModel.caption(after, after.clients().get("c2"));
        assertNotEquals(captionBefore, captionAfter);
        assertEquals("watching lock", captionAfter);
        cursor.back();
        assertEquals(before, lane.getState(), "stepping back is the same state as before, by replay");
        assertEquals(captionBefore, LaneViewModel.caption(lane.getState(), lane.getState().clients().get("c2")));
    }

    @Test
    void seekingIsClampedAndTellsWhatCanBeDone() {
        ReplayCursor cursor = cursor();
        cursor.seek(-5);
        assertEquals(0, cursor.getIndex());
        assertFalse(cursor.canGoBackProperty().get());
        cursor.seek(1_000_000);
        assertEquals(naive.size() - 1, cursor.getIndex());
        assertFalse(cursor.canGoForwardProperty().get());
        cursor.home();
        assertEquals(0, cursor.getIndex());
        cursor.end();
        assertEquals(naive.size() - 1, cursor.getIndex());
    }

    @Test
    void lanesStayOnTheSameScriptLine() {
        ReplayCursor cursor = cursor();
        LaneViewModel naiveLane = cursor.lanes().get(0);
        LaneViewModel sequentialLane = cursor.lanes().get(1);
        for (int i = 0; i < naive.size(); i += 7) {
            cursor.seek(i);
            assertEquals(naiveLane.stepOf(naiveLane.getIndex()), sequentialLane.stepOf(sequentialLane.getIndex()),
                    "event " + i);
        }
        cursor.home();
        for (int line = 1; line < naiveLane.stepCount(); line++) {
            cursor.nextLine();
            assertEquals(line, cursor.stepProperty().get());
            assertEquals(line, sequentialLane.stepOf(sequentialLane.getIndex()));
        }
    }

    @Test
    void theNarrationFollowsTheCursor() {
        ReplayCursor cursor = cursor();
        int said = naive.stream().filter(Event.Narration.class::isInstance).findFirst().orElseThrow().index();
        cursor.seek(said - 1);
        String before = cursor.narrationProperty().get();
        cursor.seek(said);
        assertEquals(((Event.Narration) naive.get(said)).text(), cursor.narrationProperty().get());
        assertNotEquals(before, cursor.narrationProperty().get());
    }

    @Test
    void everyStateHasItsColourItsIconAndItsWord() {
        assertEquals("#00916E", StateStyle.of(Event.State.HOLDING).badge());
        assertEquals("#D98E04", StateStyle.of(Event.State.WAITING).badge());
        assertEquals("#1F6FD1", StateStyle.of(Event.State.REQUESTING).badge());
        assertEquals("#D1492E", StateStyle.of(Event.State.CRASHED).badge());
        Set<String> words = new HashSet<>();
        for (Event.State state : Event.State.values()) {
            StateStyle style = StateStyle.of(state);
            assertTrue(words.add(style.word()), "colour is never the only cue: each state has its own word");
            assertTrue(style.icon() != null);
        }
    }
}
