package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.check.Checker;
import lockstep.simulator.explore.ChoiceVector;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * A Curator read handle that gave up leaves its watch on the server; the same client then waits as a writer on
 * another node. When the watched node goes, the leftover watch fires: Curator's watcher notifies the given-up
 * handle's monitor, and the client's thread, waiting on its write handle's monitor, sleeps on. The run took the
 * notification for a wake-up and waited for a call that never came: {@code explore --algorithm curator-rwlock --seeds
 * 7001..7300} stalled 30 s at seed 7292 (c3 gave up a read, then waited as a writer on c1's read node). This script is
 * that seed's run made small: it stalled whichever of the two notifications the schedule took first.
 */
class LeftoverWatchOfAGivenUpHandleTest {

    private static final String LEFTOVER_WATCH = """
            title: a given-up read handle's leftover watch fires while its client waits as a writer
            seed: 1
            clients: 3
            script:
              - c1 acquire write
              - c2 acquire read
              - c2 give-up
              - c3 acquire read
              - c2 acquire write
              - c1 release
            """;

    @Test
    void theLeftoverWatchWakesNobodyAndTheRunGoesOn() throws Exception {
        Scenario scenario = ScenarioLoader.parse("test.yaml", LEFTOVER_WATCH);
        // Taken first: the leftover watch's notification to c2 (the one that stalled the run), then c3's.
        List<Event> trace = Simulations.run(scenario, Algorithms.get("curator-rwlock"), 1,
                ChoiceVector.of(new int[] {0}));
        String text = TraceFiles.toJsonLines(trace);

        assertEquals("completed", ((Event.RunEnded) trace.get(trace.size() - 1)).outcome(), text);
        assertEquals(List.of(), Checker.failures(trace), text);
        assertEquals(Event.State.HOLDING, last(trace, "c3").state(), text);
        assertEquals(Event.State.WAITING, last(trace, "c2").state(), text);
    }

    private static Event.ClientState last(List<Event> trace, String client) {
        return trace.stream().filter(e -> e instanceof Event.ClientState s && s.client().equals(client))
                .map(Event.ClientState.class::cast).reduce((a, b) -> b).orElseThrow();
    }
}
