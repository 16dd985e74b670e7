package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import lockstep.simulator.run.RunsOnOneServer;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceBuilder;

/** A run Lockstep stalled is its own failure: the search never hands it over as the lock's counterexample. */
class StalledRunsTest {

    @Test
    void aStalledRunIsNeverACounterexampleWhateverItShows() {
        List<Event> twoHolders = TraceBuilder.herd("c1", "c2").holding("c1").holding("c2").released("c1")
                .released("c2").build();
        List<Event> completed = new ArrayList<>(twoHolders);
        completed.add(new Event.RunEnded(completed.size(), "completed"));
        List<Event> stalled = new ArrayList<>(twoHolders);
        stalled.add(new Event.RunEnded(stalled.size(), Event.RunEnded.STALLED + "no stable point within 30 s"));

        assertEquals(Optional.of("mutual-exclusion"), Explorer.failure(new RunsOnOneServer.Outcome(completed, null)));
        assertEquals(Optional.empty(), Explorer.failure(new RunsOnOneServer.Outcome(stalled, null)));
    }
}
