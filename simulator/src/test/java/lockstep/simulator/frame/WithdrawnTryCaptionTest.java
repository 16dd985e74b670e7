package lockstep.simulator.frame;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.scenario.GalleryRuns;

/**
 * A try that fails and withdraws its node (Curator's read/write lock refusing c1's upgrade in scenario 21) is said as
 * the try for its side of the lock giving up, not as a node removed: the client released nothing.
 */
class WithdrawnTryCaptionTest {

    @Test
    void aRefusedUpgradeIsATryForTheWriteLockThatGaveUp() throws Exception {
        Frames frames = Frames.ofTraces(List.of(GalleryRuns.trace("21-reentrant-downgrade", "curator-rwlock")));
        List<String> captions = Texts.saying(Language.EN, () -> {
            List<String> out = new ArrayList<>();
            for (int beat = 0; beat < frames.size(); beat++) {
                out.add(frames.at(beat, 0).caption());
            }
            return out;
        });
        assertTrue(captions.stream().anyMatch(c -> c.contains("c1's try for the write lock gave up")), captions::toString);
        assertTrue(captions.stream().noneMatch(c -> c.contains("removed its node")), captions::toString);
    }
}
