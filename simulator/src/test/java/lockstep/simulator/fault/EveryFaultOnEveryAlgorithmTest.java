package lockstep.simulator.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * Every fault of the registry, on every correct algorithm of the registry (the bug gallery's fail by design, each in
 * its own scenario): its example script runs to the end with no checker failure, it shows in the trace, and replaying the run's recorded choices gives the same trace, byte for byte.
 */
class EveryFaultOnEveryAlgorithmTest {

    static Stream<Arguments> everyFaultWithEveryAlgorithm() {
        List<Arguments> cases = new ArrayList<>();
        for (Fault fault : Faults.all()) {
            // A fault of an ensemble runs on three servers, several times the cost of one: one algorithm of the own
            // engine and one Curator reference (see DeterminismTest). The gallery's bugs run their own scenarios.
            for (String algorithm : fault.needsAnEnsemble() ? List.of("sequential", "curator-mutex")
                    : Algorithms.correct().stream().map(Algorithms.Info::name).toList()) {
                cases.add(Arguments.of(fault.name(), algorithm));
            }
        }
        return cases.stream();
    }

    static Scenario exampleOf(Fault fault) throws Exception {
        StringBuilder yaml = new StringBuilder("title: " + fault.name() + "\nseed: 3\nclients: 3\n"
                + (fault.needsAnEnsemble() ? "ensemble: 3\n" : "") + "script:\n");
        fault.example().forEach(line -> yaml.append("  - ").append(line).append('\n'));
        return ScenarioLoader.parse(fault.name() + ".yaml", yaml.toString());
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("everyFaultWithEveryAlgorithm")
    void theExampleRunsCleanAndReplaysExactly(String faultName, String algorithm) throws Exception {
        Fault fault = Faults.byName(faultName).orElseThrow();
        Scenario scenario = exampleOf(fault);
        List<Event> trace = Simulations.run(scenario, algorithm, 3);

        Event last = trace.get(trace.size() - 1);
        assertTrue(last instanceof Event.RunEnded ended && ended.outcome().equals("completed"), last.toString());
        assertTrue(trace.stream().anyMatch(e -> e instanceof Event.Fault f && f.kind().equals(faultName)),
                "the fault shows in the trace");
        List<Finding> failures = Checker.failures(trace);
        assertEquals(List.of(), failures, "no checker failure");
        List<Event> replayed = Simulations.replay(scenario, trace, "schedule");
        assertEquals(TraceFiles.toJsonLines(trace), TraceFiles.toJsonLines(replayed));
    }

    @Test
    void aChoiceThatDoesNotFitIsBadInputAtItsLine() throws Exception {
        Scenario scenario = exampleOf(Faults.byName("crash").orElseThrow());
        List<Event> trace = new ArrayList<>(Simulations.run(scenario, "naive", 3));
        Event.Choice first = (Event.Choice) trace.stream().filter(Event.Choice.class::isInstance).findFirst()
                .orElseThrow();
        trace.set(first.index(), new Event.Choice(first.index(), List.of("c9 teleport /x", "c8 teleport /y"), 0));
        var bad = org.junit.jupiter.api.Assertions.assertThrows(lockstep.simulator.BadInputException.class,
                () -> Simulations.replay(scenario, trace, "t.jsonl"));
        assertTrue(bad.getMessage().startsWith("t.jsonl:" + (first.index() + 1) + ":1: recorded choice 1"),
                bad.getMessage());
    }

    @Test
    void everyFaultHasAWordADescriptionAndAnExample() {
        assertTrue(Faults.all().size() >= 11, Faults.all().toString());
        for (Fault fault : Faults.all()) {
            assertTrue(fault.word().matches("[a-z][a-z-]*"), fault.name());
            assertTrue(fault.name().endsWith(fault.word()), fault.name());
            assertTrue(!fault.namesAServer() || fault.needsAnEnsemble(), fault.name());
            assertTrue(!fault.description().isBlank() && !fault.example().isEmpty(), fault.name());
        }
        assertEquals(Faults.all().size(), Faults.all().stream().map(Fault::name).distinct().count());
    }

    @Test
    void aChoiceChangedByHandGivesAnotherValidRun() throws Exception {
        Scenario scenario = exampleOf(Faults.byName("crash").orElseThrow());
        List<Event> trace = Simulations.run(scenario, "naive", 3);
        List<Event> edited = new ArrayList<>(trace);
        // The last choice: the run diverges from there, and no later recorded choice has to fit the new run.
        Event.Choice first = (Event.Choice) trace.stream().filter(Event.Choice.class::isInstance)
                .reduce((a, b) -> b).orElseThrow();
        int other = first.taken() == 0 ? 1 : 0;
        edited.set(first.index(), new Event.Choice(first.index(), first.options(), other));

        List<Event> replayed = Simulations.replay(scenario, edited, "edited");
        assertNotEquals(TraceFiles.toJsonLines(trace), TraceFiles.toJsonLines(replayed));
        Event.Choice taken = (Event.Choice) replayed.get(first.index());
        assertEquals(first.options().get(other), taken.chosen());
        Event last = replayed.get(replayed.size() - 1);
        assertTrue(last instanceof Event.RunEnded ended && ended.outcome().equals("completed"), last.toString());
        assertEquals(List.of(), Checker.failures(replayed));
    }
}
