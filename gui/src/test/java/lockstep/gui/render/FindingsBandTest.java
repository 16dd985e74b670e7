package lockstep.gui.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.check.Checker;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceBuilder;

/** A rendered picture of a run the checker fails says so in a red band; a clean run's picture is left as it is. */
class FindingsBandTest {

    private static List<Event> ended(TraceBuilder builder) {
        List<Event> trace = new ArrayList<>(builder.build());
        trace.add(new Event.RunEnded(trace.size(), "completed"));
        return trace;
    }

    @Test
    void aBrokenRunsPictureIsBandedAndACleanOnesIsNot() {
        List<Event> twoHolders = ended(TraceBuilder.herd("c1", "c2").holding("c1").holding("c2").released("c1")
                .released("c2"));
        String algorithm = ((Event.RunStarted) twoHolders.get(0)).algorithm();
        int at = Checker.failures(twoHolders).get(0).at();
        String words = lockstep.algorithms.text.Texts.saying(lockstep.algorithms.text.Language.EN,
                () -> FindingsBand.words(List.of(twoHolders)));
        assertEquals("checker findings: " + algorithm + ": mutual-exclusion at event " + at, words);

        BufferedImage picture = new BufferedImage(400, 300, BufferedImage.TYPE_INT_RGB);
        FindingsBand.onto(picture, words);
        assertEquals(0xb3261e, picture.getRGB(1, 1) & 0xffffff, "red along the top");
        assertEquals(0, picture.getRGB(1, 299) & 0xffffff, "the rest untouched");

        List<Event> clean = ended(TraceBuilder.herd("c1", "c2").holding("c1").released("c1").holding("c2")
                .released("c2"));
        assertNull(FindingsBand.words(List.of(clean)));
        BufferedImage cleanPicture = new BufferedImage(400, 300, BufferedImage.TYPE_INT_RGB);
        FindingsBand.onto(cleanPicture, null);
        assertEquals(0, cleanPicture.getRGB(1, 1) & 0xffffff, "nothing drawn");
    }

    @Test
    void anAnimationsFrameNamesAFailureFromItsEventOnAndEachOnce() {
        List<Event> twoHolders = ended(TraceBuilder.herd("c1", "c2").holding("c1").holding("c2").released("c1")
                .released("c2"));
        String algorithm = ((Event.RunStarted) twoHolders.get(0)).algorithm();
        int at = Checker.failures(twoHolders).get(0).at();
        lockstep.simulator.frame.Frames frames = lockstep.simulator.frame.Frames.ofTraces(List.of(twoHolders));
        lockstep.simulator.frame.LaneFrame before = frames.atEvent(0, at - 1);
        lockstep.simulator.frame.LaneFrame found = frames.atEvent(0, at);
        lockstep.simulator.frame.LaneFrame last = frames.atEvent(0, twoHolders.size() - 1);
        String one = "checker findings: " + algorithm + ": mutual-exclusion at event " + at;
        lockstep.algorithms.text.Texts.saying(lockstep.algorithms.text.Language.EN, () -> {
            assertNull(FindingsBand.wordsAt(List.of(before)), "nothing before it happens");
            assertEquals(one, FindingsBand.wordsAt(List.of(found)), "from its beat");
            assertEquals(one, FindingsBand.wordsAt(List.of(last)), "to the end");
            // two lanes of the same algorithm: the same finding once, counted
            assertEquals(one + " \u00d72", FindingsBand.wordsAt(List.of(last, last)));
            return null;
        });
    }
}
