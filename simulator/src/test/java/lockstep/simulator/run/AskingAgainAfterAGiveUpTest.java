package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.check.Checker;
import lockstep.simulator.explore.ChoiceVector;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * A handle that gave up and asks again watches its predecessor with the same watcher it took back: the client library
 * knows that watcher again, so the predecessor's deletion wakes it. The run must wait for that notification and record
 * it; before, the runner took it for a stray (a watch the client had taken back), did not wait for it, and whether
 * the waiter woke before the run ended depended on timing: {@code explore --algorithm sequential} printed it as an
 * "unconfirmed" stuck waiter (seeds 11, 142, 448, 940) and once as a stuck waiter that its files showed again
 * (seed 961, the second scenario here, as explore shrank it).
 */
class AskingAgainAfterAGiveUpTest {

    private static final String GIVE_UP_AND_ASK_AGAIN = """
            title: give up, ask again
            clients: 2
            script:
              - c1 acquire
              - c2 acquire
              - c2 give-up
              - c2 acquire
              - c1 release
            """;

    /** What {@code explore --algorithm sequential --seeds 1..1000} found at seed 961, shrunk. */
    private static final String EXPLORE_SEED_961 = """
            title: explore sequential seed 961
            seed: 961
            clients: [c2, c3]
            script:
              - together: [c2 acquire, c3 lose-create-reply]
              - c3 acquire
              - together: [c2 disconnect, c3 give-up]
              - c3 acquire
              - c2 reconnect
              - c2 release
            """;

    @Test
    void theWaiterThatAskedAgainIsWokenByItsPredecessorsDeletion() throws Exception {
        assertWokenAndHolding(GIVE_UP_AND_ASK_AGAIN, "c2", 1);
    }

    @Test
    void theShrunkRunOfExploreSeed961EndsWithTheWaiterHolding() throws Exception {
        assertWokenAndHolding(EXPLORE_SEED_961, "c3", 961);
    }

    private static void assertWokenAndHolding(String yaml, String waiter, long seed) throws Exception {
        Scenario scenario = ScenarioLoader.parse("test.yaml", yaml);
        List<Event> trace = Simulations.run(scenario, lockstep.algorithms.registry.Algorithms.get("sequential"), seed,
                ChoiceVector.of(new int[0]));
        String text = TraceFiles.toJsonLines(trace);

        assertEquals(List.of(), Checker.failures(trace), text);
        assertTrue(trace.stream().anyMatch(e -> e instanceof Event.WatchFired fired && fired.client().equals(waiter)),
                () -> waiter + " was never woken:\n" + text);
        assertTrue(trace.stream().noneMatch(e -> e instanceof Event.StrayNotification),
                () -> "a notification the client library delivers was taken for a stray:\n" + text);
        Event.ClientState last = trace.stream().filter(e -> e instanceof Event.ClientState s
                && s.client().equals(waiter)).map(Event.ClientState.class::cast).reduce((a, b) -> b).orElseThrow();
        assertEquals(Event.State.HOLDING, last.state(), text);
        assertEquals(text, TraceFiles.toJsonLines(Simulations.run(scenario,
                lockstep.algorithms.registry.Algorithms.get("sequential"), seed, ChoiceVector.of(new int[0]))),
                "the same run twice");
    }
}
