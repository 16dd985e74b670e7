package lockstep.gui.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.ScenarioWords;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;

/**
 * A GIF for slides, on the view model (no toolkit): the title card opens it, a banner stays long enough to read by its
 * words, a fault lingers, and the title card's words give way to the script's.
 */
class GifTimingTest {

    @Test
    void readingTimeGrowsWithTheWordsInEveryScript() {
        assertEquals(0, FrameRenderer.readingMs(" "));
        assertEquals(2200, FrameRenderer.readingMs("c1 holds."), "a short banner: the floor");
        String fifty = "word ".repeat(50);
        assertEquals(FrameRenderer.READ_START_MS + 50 * FrameRenderer.READ_PER_WORD_MS, FrameRenderer.readingMs(fifty));
        assertEquals(FrameRenderer.readingMs("word ".repeat(20)), FrameRenderer.readingMs("十个客户端争用同一把".repeat(4)),
                "forty ideographs read as twenty words");
    }

    @Test
    void theTitleCardOpensTheRunAndFaultsAndBannersLinger() throws Exception {
        Scenario crash = Simulations.load("04");
        ReplayCursor cursor = new ReplayCursor(List.of(new LaneViewModel(
                Simulations.run(crash, "sequential", Simulations.seedFor(crash, null)))));
        cursor.useWords(ScenarioWords.of(crash));
        cursor.seek(0);
        assertEquals(crash.title() + "\n" + crash.description(), cursor.narrationProperty().get(),
                "beat 0: the title card, title and description");
        assertTrue(FrameRenderer.gifDelayMs(cursor, 0) >= FrameRenderer.readingMs(crash.description()));
        cursor.seek(cursor.beats().lastBeatOfStep(1));
        assertFalse(cursor.narrationProperty().get().contains(crash.description()), "the card ends with the script");

        boolean sawFault = false;
        for (int b = 1; b < cursor.beats().size(); b++) {
            int delay = FrameRenderer.gifDelayMs(cursor, b);
            var beat = cursor.beats().beat(b);
            if (beat.lastOfStep() && !cursor.focusedLaneModel().getState().thisLine().faults().isEmpty()) {
                sawFault = true;
                assertTrue(delay >= 3000, "a fault lingers: beat " + b);
            }
            if (beat.narration()) {
                assertTrue(delay >= FrameRenderer.readingMs(cursor.narrationProperty().get()), "read in time: beat " + b);
            }
        }
        assertTrue(sawFault, "04 crashes its holder");
    }
}
