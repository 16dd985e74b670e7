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
import lockstep.simulator.check.Checker;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * Every built-in scenario with every algorithm, the Curator references included: a seeded run completes and matches
 * its expected findings, and running it again with the choices recorded in its trace ({@code --schedule}) gives the
 * same trace, byte for byte.
 *
 * <p>A scenario on an ensemble (three servers in this JVM, an election after each kill) costs several times a run on
 * one server: it runs with {@link #ON_AN_ENSEMBLE}, one algorithm of Lockstep's own engine and one Curator reference,
 * which between them take every code path an ensemble adds (the faults, the moves, the catching up of the servers).
 * The repeatability rule is the same as on one server: byte-identical traces, replay included.
 */
class DeterminismTest {

    /** The algorithms a built-in scenario on an ensemble is run with here. */
    static final List<String> ON_AN_ENSEMBLE = List.of("sequential", "curator-mutex");

    static Stream<Arguments> everyScenarioWithEveryAlgorithm() throws Exception {
        List<Arguments> cases = new ArrayList<>();
        for (BuiltInScenarios.BuiltIn scenario : BuiltInScenarios.list()) {
            boolean ensemble = BuiltInScenarios.load(scenario.name()).ensemble() > 1;
            for (String algorithm : ensemble ? ON_AN_ENSEMBLE : Algorithms.names()) {
                cases.add(Arguments.of(scenario.name(), algorithm));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("everyScenarioWithEveryAlgorithm")
    void aRunAndItsScheduleReplayGiveIdenticalTraces(String scenarioName, String algorithm) throws Exception {
        Scenario scenario = BuiltInScenarios.load(scenarioName);
        long seed = Simulations.seedFor(scenario, null);
        Path dir = Path.of("target", "determinism");
        Files.createDirectories(dir);
        List<Event> trace = Simulations.run(scenario, algorithm, seed);
        Path file = dir.resolve(scenarioName + "-" + algorithm + ".jsonl");
        TraceFiles.write(file, trace);
        Event last = trace.get(trace.size() - 1);
        assertTrue(last instanceof Event.RunEnded ended && ended.outcome().equals("completed"),
                "the run completed: " + last);
        List<String> failures = Checker.failures(trace).stream().map(f -> f.kind()).distinct().toList();
        assertEquals(ExpectedFindings.of(scenarioName), failures, "findings of " + scenarioName);

        List<Event> replayed = Simulations.replay(scenario, TraceFiles.read(file), file.toString());
        assertEquals(TraceFiles.toJsonLines(trace), TraceFiles.toJsonLines(replayed), "the replay differs");
    }

    /** The failures a built-in scenario is written to show: the zombie without fencing writes unfenced. */
    static final class ExpectedFindings {
        static List<String> of(String scenario) {
            return scenario.startsWith("10-") ? List.of("unfenced-write") : List.of();
        }
    }
}
