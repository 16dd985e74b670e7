package lockstep.gui.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import lockstep.simulator.check.Finding;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;

/**
 * Which frame shows which checker finding, failures apart from notes (red banner and red clients against a calmer
 * note), and the jump to the next finding, on the zombie scenarios: 10 (no fencing: an unfenced write, a failure, and
 * a stale holder, a note) and 11 (fencing: the note only).
 */
class FindingsInTheLaneTest {

    private static List<Event> unfenced;
    private static List<Event> fenced;

    @BeforeAll
    static void runTheZombies() throws Exception {
        unfenced = run("10");
        fenced = run("11");
    }

    private static List<Event> run(String id) throws Exception {
        Scenario s = Simulations.load(id);
        return Simulations.run(s, "sequential", Simulations.seedFor(s, null));
    }

    private static Finding only(LaneViewModel lane, String kind) {
        List<Finding> found = lane.replays().violations().stream().filter(f -> f.kind().equals(kind)).toList();
        assertEquals(1, found.size(), kind + " in " + lane.replays().violations());
        return found.get(0);
    }

    @Test
    void aFindingShowsFromItsEventOnAndNotBefore() {
        LaneViewModel lane = new LaneViewModel(unfenced);
        Finding write = only(lane, "unfenced-write");
        lane.seek(write.at() - 1);
        assertFalse(lane.findingsProperty().get().contains(write), "not before its event");
        lane.seek(write.at());
        assertTrue(lane.findingsProperty().get().contains(write), "at its event");
        lane.seek(0);
        assertTrue(lane.findingsProperty().get().isEmpty(), "the first frame shows nothing");
    }

    /** The summary of the lane's frame at event {@code at} with only {@code findings} to show. */
    private static LaneSummary summary(LaneViewModel lane, int at, List<Finding> findings) {
        return LaneSummary.of(lockstep.simulator.frame.LaneFrames.of(-1, 0, lane.algorithm(),
                lane.replays().stateAt(at), lane.clients(), findings, true));
    }

    @Test
    void failuresAreRedAndNamedNotesAreCalmAndFlagNobody() {
        LaneViewModel lane = new LaneViewModel(unfenced);
        Finding write = only(lane, "unfenced-write");
        Finding stale = only(lane, "stale-holder");
        assertTrue(write.isFailure() && !stale.isFailure());

        LaneSummary both = summary(lane, write.at(), List.of(write, stale));
        assertEquals("▼ " + write.message(), both.failures());
        assertEquals("note: " + stale.message(), both.notes());
        assertEquals(write.clients(), both.flagged(), "only a failure's clients are drawn red");

        LaneSummary noteOnly = summary(lane, stale.at(), List.of(stale));
        assertEquals("", noteOnly.failures());
        assertTrue(noteOnly.flagged().isEmpty(), "a note flags nobody");
    }

    @Test
    void withFencingTheZombieIsANoteAndNothingFails() {
        LaneViewModel lane = new LaneViewModel(fenced);
        assertTrue(lane.replays().violations().stream().noneMatch(Finding::isFailure), lane.replays().violations()
                .toString());
        Finding stale = only(lane, "stale-holder");
        lane.seek(stale.at());
        LaneSummary summary = LaneSummary.of(lane.frame());
        assertTrue(summary.notes().startsWith("note: "), summary.notes());
        assertEquals("", summary.failures());
    }

    @Test
    void aZombieBesideTheHolderDoesNotTurnTheHoldersCounterRed() {
        LaneViewModel lane = new LaneViewModel(fenced);
        int twoBelieve = 0;
        for (int i = 0; i < fenced.size(); i++) {
            var state = lane.replays().stateAt(i);
            if (state.holders().size() > 1) {
                twoBelieve++;
                assertFalse(summary(lane, i, List.of()).tooManyHolders(),
                        "event " + i + ": " + state.holders() + " hold, one of them a zombie: no failure to show");
            }
        }
        assertTrue(twoBelieve > 0, "scenario 11 has a moment where the zombie and the new holder both believe");
    }

    @Test
    void theCursorJumpsToEachFindingInTurnThenStays() {
        ReplayCursor cursor = new ReplayCursor(List.of(new LaneViewModel(unfenced)));
        LaneViewModel lane = cursor.focusedLaneModel();
        List<Integer> ats = lane.replays().violations().stream().map(Finding::at).sorted().distinct().toList();
        assertFalse(ats.isEmpty());
        for (int at : ats) {
            assertTrue(cursor.nextFinding(), "a jump to the finding at event " + at);
            assertTrue(lane.getIndex() >= at, "shows event " + at + " (at " + lane.getIndex() + ")");
            assertTrue(lane.findingsProperty().get().stream().anyMatch(f -> f.at() == at),
                    "the finding is shown after the jump");
            assertTrue(cursor.isFindingAt(at), "the events list marks its row");
        }
        int last = cursor.getIndex();
        assertFalse(cursor.nextFinding(), "no finding after the last");
        assertEquals(last, cursor.getIndex(), "and the cursor stays");
    }
}
