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

import lockstep.simulator.frame.Card;
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
        cursor.seek(cursor.beats().firstBeatOfStep(5));
        ReplayState before = lane.getState();
        assertEquals("watching lock", LaneViewModel.caption(lane.frame().row("c2")));
        cursor.forward();
        assertEquals("woken: re-checking", LaneViewModel.caption(lane.frame().row("c2")));
        cursor.back();
        assertEquals(before, lane.getState(), "stepping back is the same state as before, by replay");
    }

    @Test
    void seekingIsClampedAndTellsWhatCanBeDone() {
        ReplayCursor cursor = cursor();
        cursor.seek(-5);
        assertEquals(0, cursor.getIndex());
        assertFalse(cursor.canGoBackProperty().get());
        cursor.seek(1_000_000);
        assertEquals(cursor.beats().size() - 1, cursor.getIndex());
        assertEquals(naive.size() - 1, cursor.lanes().get(0).getIndex());
        assertEquals(sequential.size() - 1, cursor.lanes().get(1).getIndex());
        assertFalse(cursor.canGoForwardProperty().get());
        cursor.home();
        assertEquals(0, cursor.getIndex());
        cursor.end();
        assertEquals(cursor.beats().size() - 1, cursor.getIndex());
    }

    @Test
    void lanesStayOnTheSameBeat() {
        ReplayCursor cursor = cursor();
        LaneViewModel naiveLane = cursor.lanes().get(0);
        LaneViewModel sequentialLane = cursor.lanes().get(1);
        for (int b = 0; b < cursor.beats().size(); b++) {
            cursor.seek(b);
            assertEquals(naiveLane.stepOf(naiveLane.getIndex()), sequentialLane.stepOf(sequentialLane.getIndex()),
                    "beat " + b);
        }
        cursor.home();
        for (int line = 1; line < naiveLane.stepCount(); line++) {
            cursor.nextLine();
            assertEquals(line, cursor.stepProperty().get());
            assertEquals(line, sequentialLane.stepOf(sequentialLane.getIndex()));
        }
    }

    @Test
    void playbackStopsAtNarrationAndReleasesStayOnScreenForTheWholeRelease() {
        ReplayCursor cursor = cursor();
        cursor.stopAtMarksProperty().set(true);
        cursor.play();
        while (cursor.playingProperty().get()) {
            cursor.tick();
        }
        assertTrue(cursor.beats().beat(cursor.getIndex()).narration(), "stopped at a narration");
        assertEquals("All ten clients ask for the lock, one after another. c1 gets it; c2 to c10 wait.",
                cursor.narrationProperty().get());
        LaneViewModel naiveLane = cursor.lanes().get(0);
        cursor.seek(cursor.beats().lastBeatOfStep(5));
        assertEquals(9, naiveLane.frame().pulses().size(), "every pulse of the release, to its end");
        assertEquals(1, cursor.lanes().get(1).cards().stream().filter(Card::ghost).count(),
                "the sequential node's ghost stays");
        assertEquals("this line: 1 release · 9 woken · 1 won", naiveLane.tallyProperty().get());
        assertEquals("this line: 1 release · 1 woken · 1 won", cursor.lanes().get(1).tallyProperty().get());
    }

    @Test
    void theLanesOwnCaptionSaysWhoWonAndWhetherTheGrantJumpedTheQueue() {
        ReplayCursor cursor = cursor();
        cursor.seek(cursor.beats().lastBeatOfStep(5));
        LaneViewModel sequentialLane = cursor.lanes().get(1);
        assertEquals("c1 released. c2 woken. c2 wins.", sequentialLane.captionProperty().get());
        String naiveCaption = cursor.lanes().get(0).captionProperty().get();
        String winner = cursor.lanes().get(0).getState().holders().get(0);
        assertTrue(naiveCaption.startsWith("c1 released. 9 woken. " + winner + " wins"), naiveCaption);
        assertEquals(!winner.equals("c2"), naiveCaption.contains("jumping the queue (c2 asked first)"), naiveCaption);
    }

    @Test
    void cardsAreInSequenceOrderBesideTheirOwnersWithTheGhostOfTheRelease() {
        ReplayCursor cursor = cursor();
        cursor.seek(cursor.beats().lastBeatOfStep(5));
        LaneViewModel lane = cursor.lanes().get(1);
        List<Card> cards = lane.cards();
        assertEquals(10, cards.size(), "nine live nodes and the released one's ghost");
        assertTrue(cards.get(0).ghost());
        assertEquals("c1", cards.get(0).owner());
        assertTrue(cards.get(1).held());
        for (Card card : cards) {
            assertEquals(lane.clients().indexOf(card.owner()), card.slot(), "pinned beside its owner: " + card);
        }
        LaneViewModel naiveLane = cursor.lanes().get(0);
        List<Card> naiveCards = naiveLane.cards();
        assertEquals(1, naiveCards.size(), "the naive node is back: no ghost beside the live card");
        assertEquals(-1, naiveCards.get(0).slot(), "the one lock node sits in the middle");
        assertEquals("#2 c3", lockstep.simulator.frame.LaneFrames.nodeLabel(lane.getState(), cards.get(2).path()));
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

    /** Shift+Right from the start until the status line names {@code words}: where chapter 01 and the lesson plan stop. */
    private static ReplayCursor shiftRightUntil(ReplayCursor cursor, String words) {
        cursor.home();
        while (!cursor.positionProperty().get().contains(words)) {
            assertTrue(cursor.canGoForwardProperty().get(), "no line names " + words);
            cursor.nextLine();
        }
        return cursor;
    }

    @Test
    void shiftRightLandsAtTheEndOfTheNextLineWhereTheLessonPlanSaysWhatTheLanesShow() {
        ReplayCursor cursor = cursor();
        for (int line = 1; line <= cursor.beats().stepCount(); line++) {
            cursor.nextLine();
            assertEquals(cursor.beats().lastBeatOfStep(line), cursor.getIndex(), "Shift+Right: the end of line " + line);
        }
        cursor.nextLine();
        assertEquals(cursor.beats().size() - 1, cursor.getIndex(), "after the last line: stays at the end");
        for (int line = cursor.beats().stepCount() - 1; line >= 1; line--) {
            cursor.previousLine();
            assertEquals(cursor.beats().lastBeatOfStep(line), cursor.getIndex(), "Shift+Left: the end of line " + line);
        }
        cursor.previousLine();
        cursor.previousLine();
        assertEquals(0, cursor.getIndex(), "Shift+Left from the first line: the first beat");
        // From the middle of a line, Shift+Right goes to the end of the next one, Shift+Left to the end of the previous.
        cursor.seek(cursor.beats().firstBeatOfStep(5) + 1);
        cursor.nextLine();
        assertEquals(cursor.beats().lastBeatOfStep(6), cursor.getIndex());
        cursor.seek(cursor.beats().firstBeatOfStep(5) + 1);
        cursor.previousLine();
        assertEquals(cursor.beats().lastBeatOfStep(4), cursor.getIndex());

        // docs/course/lesson-plan.md, 5-15: "Shift+Right until the status line names all acquire", then "holder release"
        shiftRightUntil(cursor, "all acquire");
        assertEquals(9, cursor.lanes().get(0).frame().arrows().size(), "naive: nine dashed arrows to the lock node");
        shiftRightUntil(cursor, "holder release");
        assertTrue(cursor.lanes().get(0).captionProperty().get().startsWith("c1 released. 9 woken. "),
                cursor.lanes().get(0).captionProperty().get());
        assertTrue(cursor.lanes().get(0).captionProperty().get().contains(" woke for nothing and wait again."),
                cursor.lanes().get(0).captionProperty().get());
        assertEquals("c1 released. c2 woken. c2 wins.", cursor.lanes().get(1).captionProperty().get());
        assertEquals(9, cursor.lanes().get(0).frame().counters().notifications(), "naive: nine notifications");
        assertEquals(1, cursor.lanes().get(1).frame().counters().notifications(), "sequential: one");
    }

    @Test
    void spacePlaysToTheEndAndAnyStepKeyPauses() {
        ReplayCursor cursor = cursor();
        cursor.play();
        int ticks = 0;
        while (cursor.playingProperty().get()) {
            cursor.tick();
            ticks++;
        }
        assertEquals(cursor.beats().size() - 1, cursor.getIndex(), "outside presentation mode: no stop on the way");
        assertEquals(cursor.beats().size() - 1, ticks);
        List<Runnable> keys = List.of(cursor::forward, cursor::back, cursor::nextLine, cursor::previousLine,
                cursor::home, cursor::end, () -> cursor.seekEvent(3), cursor::nextFinding);
        for (Runnable key : keys) {
            cursor.seek(cursor.beats().size() / 2);
            cursor.play();
            cursor.tick();
            key.run();
            assertFalse(cursor.playingProperty().get(), "a step key pauses playback");
        }
    }

    @Test
    void clickingAnEventMarksThatEventAndMovingOnUnmarksIt() {
        ReplayCursor cursor = cursor();
        // an event inside a phase: the beat that shows it ends on a later event
        int chosen = -1;
        for (int e = 1; e < naive.size() && chosen < 0; e++) {
            if (cursor.beats().indexIn(0, cursor.beats().beatOf(0, e)) > e) {
                chosen = e;
            }
        }
        assertTrue(chosen > 0);
        cursor.seekEvent(chosen);
        assertEquals(cursor.beats().beatOf(0, chosen), cursor.getIndex(), "the beat that shows it");
        assertNotEquals(chosen, cursor.eventIndex());
        assertEquals(chosen, cursor.markedEvent(), "the log marks the event clicked, not the beat's last one");
        cursor.seekEvent(chosen + 1);
        assertEquals(chosen + 1, cursor.markedEvent(), "another row of the same beat");
        cursor.forward();
        assertEquals(cursor.eventIndex(), cursor.markedEvent(), "once the cursor moves, the log follows it again");
    }
}
