package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.GalleryRuns;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;

/**
 * Every bug of the gallery has a built-in scenario that shows it: run with the bug, the checker reports exactly the
 * failure kind the registry expects, and {@code lockstep run NN --algorithm bug-...} exits 1 saying so.
 */
class GalleryTest {

    static Stream<String> bugs() {
        return Algorithms.all().stream().filter(Algorithms.Info::isBug).map(Algorithms.Info::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bugs")
    void itsScenarioShowsExactlyTheExpectedFinding(String name) throws Exception {
        Algorithms.Info bug = Algorithms.get(name);
        BuiltInScenarios.BuiltIn builtIn = GalleryRuns.scenarioOf(bug)
                .orElseThrow(() -> new AssertionError(name + " has no built-in scenario NN-" + name + ".yaml"));
        Scenario scenario = BuiltInScenarios.load(builtIn.name());
        List<Event> trace = Simulations.run(scenario, name, Simulations.seedFor(scenario, null));
        List<String> kinds = Checker.failures(trace).stream().map(Finding::kind).distinct().toList();
        assertEquals(List.of(bug.expected().findingKind().orElseThrow()), kinds, builtIn.name());

        Cli.Result result = Cli.run("run", builtIn.id(), "--algorithm", name);
        assertEquals(LockstepCommand.FINDING, result.exit(), result::toString);
        String sentence = "(" + bug.expected().findingKind().orElseThrow().replace('-', ' ') + ")";
        assertTrue(result.out().contains(sentence), () -> sentence + " in " + result);
    }
}
