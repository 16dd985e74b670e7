package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.Algorithms;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * Same scenario + algorithm + seed gives a byte-identical trace file, for every built-in scenario and every
 * algorithm, the Curator references included; and every built-in runs to its end without a checker finding.
 */
class DeterminismTest {

    private static final int RUNS = 3;

    static Stream<Arguments> everyScenarioWithEveryAlgorithm() {
        List<Arguments> cases = new ArrayList<>();
        for (BuiltInScenarios.BuiltIn scenario : BuiltInScenarios.list()) {
            for (String algorithm : Algorithms.names()) {
                cases.add(Arguments.of(scenario.name(), algorithm));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("everyScenarioWithEveryAlgorithm")
    void repeatedRunsGiveIdenticalTraces(String scenarioName, String algorithm) throws Exception {
        Scenario scenario = BuiltInScenarios.load(scenarioName);
        long seed = Simulations.seedFor(scenario, null);
        Path dir = Path.of("target", "determinism");
        Files.createDirectories(dir);
        byte[] first = null;
        for (int run = 0; run < RUNS; run++) {
            List<Event> trace = Simulations.run(scenario, algorithm, seed);
            Path file = dir.resolve(scenarioName + "-" + algorithm + "-" + run + ".jsonl");
            TraceFiles.write(file, trace);
            byte[] bytes = Files.readAllBytes(file);
            if (first == null) {
                first = bytes;
                Event last = trace.get(trace.size() - 1);
                assertTrue(trace.stream().anyMatch(e -> e instanceof Event.RunEnded ended
                        && ended.outcome().equals("completed")), "the run completed: " + last);
                assertEquals(List.of(), trace.stream().filter(Event.Violation.class::isInstance).toList(),
                        "no checker finding");
            } else {
                assertEquals(new String(first), new String(bytes), "run " + run + " differs from run 0");
            }
        }
    }
}
