package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.GalleryRuns;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.check.Checker;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * Every built-in scenario with every correct algorithm, the Curator references included, and each bug of the gallery
 * with its own scenario ({@link GalleryRuns}): a seeded run completes and shows exactly the failures expected of the
 * scenario and the algorithm's registry entry, and running it again with the choices recorded in its trace ({@code --schedule}) gives the
 * same trace, byte for byte.
 *
 * <p>A scenario on an ensemble runs with {@link GalleryRuns#ON_AN_ENSEMBLE} only. The repeatability rule is the same
 * as on one server: byte-identical traces, replay included.
 */
class DeterminismTest {

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("lockstep.simulator.scenario.GalleryRuns#arguments")
    void aRunAndItsScheduleReplayGiveIdenticalTraces(String scenarioName, String algorithm) throws Exception {
        Scenario scenario = BuiltInScenarios.load(scenarioName);
        Path dir = Path.of("target", "determinism");
        Files.createDirectories(dir);
        // The run the other readers of this pair share (one per test JVM); the replay below is a run of its own.
        List<Event> trace = GalleryRuns.trace(scenarioName, algorithm);
        Path file = dir.resolve(scenarioName + "-" + algorithm + ".jsonl");
        TraceFiles.write(file, trace);
        Event last = trace.get(trace.size() - 1);
        // A run whose clients deadlock stops at the next line that needs a holder: expected only of a deadlock.
        boolean deadlockExpected = GalleryRuns.expectedFailures(scenarioName, Algorithms.get(algorithm))
                .contains("deadlock");
        assertTrue(last instanceof Event.RunEnded ended && (ended.outcome().equals("completed")
                        || deadlockExpected && ended.outcome().startsWith(Event.RunEnded.DEADLOCKED)),
                "the run completed: " + last);
        List<String> failures = Checker.failures(trace).stream().map(f -> f.kind()).distinct().toList();
        assertEquals(GalleryRuns.expectedFailures(scenarioName, Algorithms.get(algorithm)), failures,
                "findings of " + scenarioName);

        List<Event> replayed = Simulations.replay(scenario, TraceFiles.read(file), file.toString());
        assertEquals(TraceFiles.toJsonLines(trace), TraceFiles.toJsonLines(replayed), "the replay differs");
    }
}
