package lockstep.simulator.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceBuilder;

/**
 * A sequence diagram of a run the checker fails says so above the diagram and at the event, and its ShiViz log has the
 * finding as an event: neither can pass for a clean run's.
 */
class SequenceDiagramFindingsTest {

    private static List<Event> ended(TraceBuilder builder) {
        List<Event> trace = new ArrayList<>(builder.build());
        trace.add(new Event.RunEnded(trace.size(), "completed"));
        return trace;
    }

    @Test
    void aBrokenRunIsMarkedAndACleanOneIsNot() {
        List<Event> twoHolders = ended(TraceBuilder.herd("c1", "c2").holding("c1").holding("c2").released("c1")
                .released("c2"));
        Finding failure = Checker.failures(twoHolders).get(0);
        String svg = SequenceDiagram.of(twoHolders);

        assertTrue(svg.contains("checker finding at event " + failure.at() + ": mutual-exclusion: "), svg);
        assertTrue(svg.contains("\u26a0 mutual-exclusion</text>"), "marked at its event");
        assertTrue(svg.contains("1 checker finding</title>"), "in the document's title");
        assertTrue(svg.contains("stroke=\"#b3261e\" stroke-width=\"6\""), "a red frame round the picture");

        List<Event> clean = ended(TraceBuilder.herd("c1", "c2").holding("c1").released("c1").holding("c2")
                .released("c2"));
        assertEquals(List.of(), Checker.failures(clean));
        assertFalse(SequenceDiagram.of(clean).contains("finding"), "a clean run says nothing of findings");

        // The ShiViz log: the finding is an event of its own, on a client it names, right after its event.
        String log = ShivizLog.of(twoHolders);
        assertTrue(log.contains("checker finding: mutual-exclusion: " + failure.message() + "\n"
                + failure.clients().get(0) + " {"), log);
        assertFalse(ShivizLog.of(clean).contains("checker finding"), "nothing in a clean run's log");
    }
}
