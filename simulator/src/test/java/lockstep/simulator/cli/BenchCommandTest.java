package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A small {@code lockstep bench}: two algorithms, two clients, a second each, against a real embedded ZooKeeper. It
 * checks the JSON names (a contract), the safety check and that every figure is there; never a timing.
 */
class BenchCommandTest {

    @TempDir
    Path dir;

    @Test
    void twoAlgorithmsSideBySideWithTheFloorAndOneHolderAtATime() throws Exception {
        Path chart = dir.resolve("bench.svg");
        Cli.Result result = Cli.run("bench", "--algorithm", "sequential,curator-mutex", "--clients", "2",
                "--duration", "1s", "--warmup", "0s", "--json", "--chart", chart.toString());
        assertEquals(0, result.exit(), result::toString);
        JsonNode doc = new ObjectMapper().readTree(result.out());
        List<String> algorithms = new ArrayList<>();
        for (JsonNode row : doc.get("results")) {
            for (String name : List.of("algorithm", "clients", "acquisitionsPerSecond", "p50Ms", "p99Ms",
                    "notificationsPerRelease", "callsPerAcquisition", "maxHolders", "ratioToReference",
                    "ratioToFloor")) {
                assertTrue(row.has(name), () -> "missing " + name + " in " + row);
            }
            algorithms.add(row.get("algorithm").asText());
            assertEquals(2, row.get("clients").asInt());
            assertEquals(1, row.get("maxHolders").asInt(), row::toString);
            assertTrue(row.get("acquisitions").asLong() > 0, row::toString);
            assertTrue(row.get("acquisitionsPerSecond").asDouble() > 0, row::toString);
            // Every acquisition makes at least a create, a getChildren and a delete.
            assertTrue(row.get("callsPerAcquisition").asDouble() >= 3, row::toString);
        }
        assertEquals(List.of("sequential", "curator-mutex"), algorithms);
        assertEquals(1.0, doc.get("results").get(1).get("ratioToReference").asDouble(), 1e-9);
        assertTrue(doc.get("floor").get("handoffsPerSecond").asDouble() > 0, result::toString);
        assertTrue(Files.readString(chart).startsWith("<svg"), "an SVG chart");
        assertTrue(result.err().contains("chart written to"), result::toString);
    }

    @Test
    void theReferenceIsAddedWhenMissing() throws Exception {
        Cli.Result result = Cli.run("bench", "--algorithm", "naive", "--clients", "2", "--duration", "1s",
                "--warmup", "0s", "--json");
        assertEquals(0, result.exit(), result::toString);
        JsonNode rows = new ObjectMapper().readTree(result.out()).get("results");
        assertEquals("naive", rows.get(0).get("algorithm").asText());
        assertEquals("curator-mutex", rows.get(1).get("algorithm").asText());
        assertEquals(1, rows.get(0).get("maxHolders").asInt());
    }

    /** A semaphore of two permits free-running for half a second: Curator's is the reference, never more than two hold. */
    @Test
    void aSemaphoreBesideCuratorsWithNoMoreHoldersThanPermits() throws Exception {
        Cli.Result result = Cli.run("bench", "--algorithm", "semaphore", "--permits", "2", "--clients", "3",
                "--duration", "500ms", "--warmup", "0s", "--json");
        assertEquals(0, result.exit(), result::toString);
        JsonNode doc = new ObjectMapper().readTree(result.out());
        assertEquals(2, doc.get("settings").get("permits").asInt());
        assertEquals("curator-semaphore", doc.get("settings").get("reference").asText());
        List<String> algorithms = new ArrayList<>();
        for (JsonNode row : doc.get("results")) {
            algorithms.add(row.get("algorithm").asText());
            assertTrue(row.get("maxHolders").asInt() <= 2, row::toString);
            assertTrue(row.get("safe").asBoolean(), row::toString);
            assertTrue(row.get("acquisitions").asLong() > 0, row::toString);
        }
        assertEquals(List.of("semaphore", "curator-semaphore"), algorithms);
    }

    @Test
    void badOptionsAreOneLineAndExitCodeTwo() {
        for (String[] args : List.of(new String[] {"bench", "--read-ratio", "2"},
                new String[] {"bench", "--algorithm", "nope"},
                new String[] {"bench", "--clients", "0"},
                new String[] {"bench", "--duration", "soon"},
                new String[] {"bench", "--chart", "out.gif"},
                new String[] {"bench", "--permits", "0"},
                new String[] {"bench", "--permits", "3", "--algorithm", "semaphore,sequential"},
                new String[] {"bench", "--permits", "3", "--read-ratio", "0.5"})) {
            Cli.Result result = Cli.run(args);
            assertEquals(2, result.exit(), result::toString);
            assertEquals(1, result.errLines().size(), result::toString);
            assertTrue(result.err().startsWith("lockstep bench: "), result::toString);
        }
    }

    @Test
    void theOtherBenchmarksAreSubcommandsFromTheRegistry() {
        for (String name : List.of("seek", "recorder", "lockstep")) {
            Cli.Result result = Cli.run("bench", name, "--help");
            assertEquals(0, result.exit(), result::toString);
            assertTrue(result.out().contains("Usage: lockstep bench " + name), result::toString);
        }
    }

    @Test
    void aLockstepRunAgainstTheRoundTripsOfItsCalls() {
        Cli.Result result = Cli.run("bench", "lockstep", "--algorithm", "sequential", "--clients", "3", "--repeat", "1");
        assertEquals(0, result.exit(), result::toString);
        // The 3-client sequential herd makes 16 calls, every run (5N+1).
        assertTrue(result.out().lines().anyMatch(line -> line.startsWith("calls per run: 16;")), result::toString);
        assertTrue(result.out().lines().anyMatch(line -> line.startsWith("gated / floor: ")), result::toString);
    }
}
