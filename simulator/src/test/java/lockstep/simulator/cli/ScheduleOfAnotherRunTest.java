package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.trace.Resealed;

/**
 * {@code run --schedule} replays the run a trace recorded, or refuses in one line: a trace of another scenario (by its
 * title, before anything runs), a trace whose header's scenario digest is not this scenario's (likewise), a trace
 * whose recorded choices the run does not all take.
 */
class ScheduleOfAnotherRunTest {

    @TempDir
    Path dir;

    @Test
    void aTraceOfAnotherScenarioIsRefusedBeforeItRuns() throws Exception {
        Path trace = dir.resolve("herd.jsonl");
        Cli.Result made = Cli.run("run", "02", "--algorithm", "naive", "--trace", trace.toString());
        assertEquals(0, made.exit(), made::toString);
        String herd = BuiltInScenarios.load("02").title();
        String one = BuiltInScenarios.load("01").title();

        Cli.Result other = Cli.run("run", "01", "--schedule", trace.toString());
        assertEquals(2, other.exit(), other::toString);
        assertEquals(List.of(trace + ":1:1: the trace records the scenario \"" + herd + "\", not \"" + one
                + "\" (expected a trace of this scenario)"), other.errLines());

        // Relabelled as scenario 01 and sealed again: its header's digest is 02's, so it is refused before anything
        // runs (without the new seal, the run-ended line's digest refuses it first).
        Path relabelled = dir.resolve("relabelled.jsonl");
        Files.writeString(relabelled, Resealed.trace(Files.readString(trace).replace("\"title\":\"" + herd + "\"",
                "\"title\":\"" + one + "\"")));
        Cli.Result passedOff = Cli.run("run", "01", "--schedule", relabelled.toString());
        assertEquals(2, passedOff.exit(), passedOff::toString);
        assertEquals(1, passedOff.errLines().size(), passedOff::toString);
        assertTrue(passedOff.errLines().get(0).startsWith(relabelled + ":1:1: the scenario 01-one-client was edited "
                + "since this trace was made: its digest is now sha256:"), passedOff::toString);
    }
}
