package lockstep.simulator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.scenario.GalleryRuns;
import lockstep.simulator.trace.Event;

/**
 * What the replay remembers beyond the state ({@link Remembered}) agrees with the run: each write sends the token the
 * replay says its client holds (the run takes it at a grant; a holder's own acquire keeps it), and the highest
 * accepted token is the highest of the accepted writes. Read from the gallery's runs with writes, shared per JVM.
 */
class RememberedTest {

    @Test
    void everyWriteSendsTheTokenTheReplayRemembers() throws Exception {
        int writes = 0;
        for (String[] pair : GalleryRuns.pairs()) {
            if (!(pair[0].startsWith("10-") || pair[0].startsWith("11-") || pair[0].startsWith("21-"))) {
                continue;
            }
            List<Event> trace = GalleryRuns.trace(pair[0], pair[1]);
            LiveReplay live = LiveReplay.startingWith(trace.get(0));
            long highest = -1;
            for (Event event : trace.subList(1, trace.size())) {
                if (event instanceof Event.Write write) {
                    writes++;
                    assertEquals(write.token(), live.remembered().tokens().getOrDefault(write.client(), -1L),
                            pair[0] + " with " + pair[1] + ": " + write);
                    highest = write.accepted() ? Math.max(highest, write.token()) : highest;
                }
                live.apply(event);
                assertEquals(highest, live.remembered().highestAccepted(), pair[0] + " with " + pair[1]);
            }
        }
        assertTrue(writes > 0, "the gallery's runs write");
    }
}
