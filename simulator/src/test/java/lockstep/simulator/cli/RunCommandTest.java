package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** {@code lockstep run} for real: each run starts an embedded ZooKeeper, so these tests are few. */
class RunCommandTest {

    @TempDir
    Path dir;

    /** The headline: on the herd scenario, naive sends 45 notifications and sequential 9. */
    @Test
    void herdAsJsonWithTracesThatCheckAccepts() throws IOException {
        Path trace = dir.resolve("t.jsonl");
        Cli.Result result = Cli.run("run", "02", "--algorithm", "naive,sequential", "--json", "--trace",
                trace.toString());
        assertEquals(0, result.exit(), result::toString);

        JsonNode json = new ObjectMapper().readTree(result.out());
        assertEquals("02-herd-effect", json.get("scenario").asText());
        assertTrue(json.get("seed").isIntegralNumber());
        JsonNode naive = json.get("results").get(0);
        JsonNode sequential = json.get("results").get(1);
        assertEquals("naive", naive.get("algorithm").asText());
        assertEquals(45, naive.get("notifications").asInt());
        assertEquals("sequential", sequential.get("algorithm").asText());
        assertEquals(9, sequential.get("notifications").asInt());
        assertEquals(0, sequential.get("futileWakeups").asInt());
        assertEquals(0, sequential.get("fifoViolations").asInt());
        assertEquals(0, naive.get("violations").size());
        for (String field : List.of("acquisitions", "ops", "opsPerAcquisition", "grantOrder", "events")) {
            assertTrue(naive.has(field), field);
        }

        Path naiveTrace = dir.resolve("t-naive.jsonl");
        Path sequentialTrace = dir.resolve("t-sequential.jsonl");
        assertEquals(List.of("trace written: " + naiveTrace + " (naive)",
                "trace written: " + sequentialTrace + " (sequential)"), result.errLines());
        assertEquals(List.of(naiveTrace, sequentialTrace), files());

        Cli.Result check = Cli.run("check", sequentialTrace.toString());
        assertEquals(0, check.exit(), check::toString);
        assertTrue(check.out().lines().anyMatch(l -> l.matches("notifications +9")), check::toString);
        assertEquals(0, Cli.run("check", naiveTrace.toString()).exit());
    }

    /** The servers of a run made with --ensemble are named by its trace: a replay needs no --ensemble again. */
    @Test
    void aRunOnAnEnsembleReplaysWithoutTheOption() throws IOException {
        Path recorded = dir.resolve("recorded.jsonl");
        Path replayed = dir.resolve("replayed.jsonl");
        Cli.Result run = Cli.run("run", "09", "--ensemble", "3", "--algorithm", "sequential", "--trace",
                recorded.toString());
        assertEquals(0, run.exit(), run::toString);
        Cli.Result replay = Cli.run("run", "09", "--schedule", recorded.toString(), "--trace", replayed.toString());
        assertEquals(0, replay.exit(), replay::toString);
        assertTrue(Files.readString(recorded).contains("\"server-role\""), "the trace names the servers");
        assertEquals(Files.readString(recorded), Files.readString(replayed));
    }

    @Test
    void tableForOneAlgorithm() {
        Cli.Result result = Cli.run("run", "01", "--algorithm", "sequential", "--seed", "5");
        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
        List<String> lines = result.out().lines().toList();
        assertEquals("One client (01-one-client, seed 5)", lines.get(0));
        assertTrue(lines.get(2).strip().equals("sequential"), result::toString);
        assertTrue(lines.contains("acquisitions                 1"), result::toString);
        assertTrue(lines.contains("grant order                  c1"), result::toString);
    }

    /** A directory as --trace gets one file per algorithm inside it, named after the scenario and the algorithm. */
    @Test
    void traceIntoADirectory() throws IOException {
        Cli.Result result = Cli.run("run", "01", "--algorithm", "naive,sequential", "--trace", dir.toString());
        assertEquals(0, result.exit(), result::toString);
        Path naive = dir.resolve("01-one-client-naive.jsonl");
        Path sequential = dir.resolve("01-one-client-sequential.jsonl");
        assertEquals(List.of(naive, sequential), files());
        assertTrue(result.out().endsWith("trace written: " + naive + " (naive)\n"
                + "trace written: " + sequential + " (sequential)\n"), result::toString);

        Path one = dir.resolve("one");
        Files.createDirectory(one);
        assertEquals(0, Cli.run("run", "01", "--algorithm", "sequential", "--trace", one + "/").exit());
        try (var stream = Files.list(one)) {
            assertEquals(List.of(one.resolve("01-one-client-sequential.jsonl")), stream.toList());
        }
    }

    /** A script line that does not fit the state: one line, exit 2, and no trace file at all. */
    @Test
    void aFailedRunLeavesNoTraceFile() throws IOException {
        Path scenario = dir.resolve("bad.yaml");
        Files.writeString(scenario, "title: Bad\nclients: 2\nscript:\n  - c1 acquire\n  - c2 release\n");
        Cli.Result result = Cli.run("run", scenario.toString(), "--trace", dir.resolve("t.jsonl").toString());
        assertEquals(2, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals(List.of(scenario + ":5:5: c2 cannot release: it is idle (expected a client that holds the lock)"),
                result.errLines());
        assertEquals(List.of(scenario), files());
    }

    private List<Path> files() throws IOException {
        try (var stream = Files.list(dir)) {
            return stream.sorted().toList();
        }
    }
}
