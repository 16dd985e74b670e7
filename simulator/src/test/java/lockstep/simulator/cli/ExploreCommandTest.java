package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import lockstep.algorithms.registry.Algorithms;

/** {@code lockstep explore} as a user runs it: options, exit codes, the JSON contract. */
class ExploreCommandTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--algorithm nope|lockstep explore: --algorithm: unknown algorithm 'nope' (expected one of",
        "--algorithm naive --seeds 5..2|lockstep explore: --seeds: '5..2' is empty (expected A..B with A at most B)",
        "--algorithm naive --seeds x|lockstep explore: --seeds: 'x' is not a range",
        "--algorithm naive --faults crash,bogus|lockstep explore: --faults: unknown fault 'bogus'",
        "--algorithm naive --clients 0|lockstep explore: --clients: 0 is out of range (expected 1..16)",
        "--algorithm naive --max-steps 0|lockstep explore: --max-steps: 0 is out of range (expected 1..100)",
        "--algorithm naive --strategy pct --exhaustive|lockstep explore: --exhaustive: --exhaustive is short for --strategy exhaustive, and --strategy says pct",
        "--algorithm naive --strategy dfs|lockstep explore: --strategy: unknown strategy dfs (expected one of random, pct, exhaustive)",
        "--algorithm naive --exhaustive --reduction dpor|lockstep explore: --reduction: unknown reduction dpor (expected one of sleep, source)",
        "--algorithm naive --exhaustive --lock-path old|lockstep explore: --lock-path: unknown lock path old (expected one of made, fresh)",
        "--algorithm naive --reduction sleep|lockstep explore: --reduction: --reduction chooses how the exhaustive search leaves runs out: it takes --exhaustive",
        "--algorithm naive --strategy pct --depth 0|lockstep explore: --depth: 0 is out of range (expected 1..10)",
        "--algorithm naive --self-check|lockstep explore: --self-check: --self-check searches every bug-* algorithm",
        "--algorithm naive --ensemble 2|lockstep explore: --ensemble: must be 1, 3 or 5 servers (got 2)"})
    void badOptionsAreOneLineAndExitCode2(String args, String start) {
        Cli.Result result = Cli.run(("explore " + args).split(" "));
        assertEquals(2, result.exit(), result.toString());
        assertEquals(1, result.errLines().size(), result.toString());
        assertTrue(result.err().startsWith(start), result.toString());
        assertEquals("", result.out());
    }

    @Test
    void aCorrectLockSearchedWithEveryFaultExitsZeroWithTheJsonContract(@TempDir Path out) throws Exception {
        Cli.Result result = Cli.run("explore", "--algorithm", "sequential", "--clients", "3", "--seeds", "1..3",
                "--out", out.toString(), "--json");
        assertEquals(0, result.exit(), result.toString());
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertEquals("sequential", json.get("algorithm").asText());
        assertEquals(3, json.get("runs").asInt());
        assertTrue(json.get("schedules").asInt() >= 1);
        assertEquals(0, json.get("findings").size());
        assertTrue(json.get("wallMs").asLong() >= 0);
        assertEquals("", result.err(), "a short search that is not on a terminal prints no progress");
    }

    @Test
    void exhaustiveCountsTheReducedAndTheFullSpaceAndSaysSo(@TempDir Path out) throws Exception {
        // Seed 2's script for two clients and one line is a race of both acquires, on a fresh lock path: the two
        // race to make its parents too.
        Cli.Result result = Cli.run("explore", "--algorithm", "naive", "--clients", "2", "--faults", "none",
                "--max-steps", "1", "--seeds", "2..2", "--exhaustive", "--count-by-running", "--out", out.toString(),
                "--lock-path", "fresh", "--json");
        assertEquals(0, result.exit(), result.toString());
        JsonNode every = new ObjectMapper().readTree(result.out()).get("exhaustive");
        // Counted by running the unreduced search (--count-by-running), and from the reduced search's orders alike.
        assertEquals(every.get("schedulesBeforeReduction").asLong(),
                every.get("schedulesBeforeReductionFromOrders").asLong(), result.toString());
        // Stable counts: a change here is a change in the scripts, the conductor's options or the reduction.
        assertEquals(EXHAUSTIVE_2_CLIENTS_1_LINE, every.get("schedules").asLong() + "/"
                + every.get("schedulesBeforeReduction").asLong() + "/" + every.get("runsPastHorizon").asLong(),
                result.toString());
        assertEquals("every schedule of 2 clients, 1 line, no faults, the script of seed 2: 40 schedules (64 "
                + "before reduction), no finding", every.get("sentence").asText());
        assertFalse(every.get("lockPathMade").asBoolean(), result.toString());
        // With the lock's path made (the exhaustive search's default), the race is the two creates of /lock alone.
        Cli.Result made = Cli.run("explore", "--algorithm", "naive", "--clients", "2", "--faults", "none",
                "--max-steps", "1", "--seeds", "2..2", "--exhaustive", "--count-by-running", "--out", out.toString());
        assertTrue(made.out().endsWith("\nevery schedule of 2 clients, 1 line, no faults, the lock's path made before "
                + "the first line, the script of seed 2: 2 schedules (2 before reduction), no finding\n"),
                made.toString());
        // Without --seeds: every script. One client, crash: c1 acquire then c1 release, write or crash, or nothing
        // more; c1 crash alone. One schedule each.
        Cli.Result text = Cli.run("explore", "--algorithm", "naive", "--clients", "1", "--faults", "crash",
                "--max-steps", "2", "--exhaustive", "--out", out.toString());
        assertEquals(0, text.exit(), text.toString());
        assertTrue(text.out().endsWith("\nevery script of up to 2 lines over 1 client, faults crash, the lock's path "
                + "made before the first line (5 scripts, 3 states explored once each, every naming apart, 0 runs cut short at a state seen before): 5 "
                + "schedules (5 before reduction), no finding\n"), text.toString());
        Cli.Result stateless = Cli.run("explore", "--algorithm", "naive", "--clients", "1", "--faults", "crash",
                "--max-steps", "2", "--exhaustive", "--stateless", "--out", out.toString());
        assertTrue(stateless.out().endsWith("\nevery script of up to 2 lines over 1 client, faults crash, the lock's "
                + "path made before the first line (5 scripts, 5 before symmetry): 5 schedules (5 before reduction), no finding\n"), stateless.toString());
    }

    private static final String EXHAUSTIVE_2_CLIENTS_1_LINE = "40/64/0";

    @Test
    void aBugsCounterexampleReplaysByteForByteThroughRunSchedule(@TempDir Path out) throws Exception {
        // One the search catches within a few seeds; every bug is the benchmark's (lockstep bench explore).
        java.util.Optional<String> bug = Algorithms.find("bug-reader-counts-higher-writers")
                .map(a -> a.name());
        org.junit.jupiter.api.Assumptions.assumeTrue(bug.isPresent(), "no bug-* algorithm in the registry yet");
        Cli.Result found = Cli.run("explore", "--algorithm", bug.get(), "--clients", "4", "--seeds", "1..200",
                "--out", out.toString(), "--json");
        assertEquals(1, found.exit(), found.toString());
        JsonNode finding = new ObjectMapper().readTree(found.out()).get("findings").get(0);
        Path replayed = out.resolve("replayed.jsonl");
        Cli.Result run = Cli.run("run", finding.get("scenario").asText(), "--schedule", finding.get("trace").asText(),
                "--trace", replayed.toString(), "--json");
        assertEquals(1, run.exit(), run.toString());
        assertEquals(java.nio.file.Files.readString(Path.of(finding.get("trace").asText())),
                java.nio.file.Files.readString(replayed));
        assertTrue(run.out().contains(finding.get("kind").asText()), run.toString());
        // beside the two files, a page that plays the trace, its finding on screen
        String page = java.nio.file.Files.readString(Path.of(finding.get("page").asText()));
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains(finding.get("kind").asText()), "the page");
    }

    @Test
    void anEnsemblesCounterexampleSaysSoAndReplaysByteForByteThroughRunSchedule(@TempDir Path out)
            throws Exception {
        // A persistent request node outlives its crashed client on any number of servers: caught at seed 2.
        Cli.Result found = Cli.run("explore", "--algorithm", "bug-persistent-node", "--ensemble", "3", "--seeds",
                "1..10", "--out", out.toString(), "--json");
        assertEquals(1, found.exit(), found.toString());
        JsonNode finding = new ObjectMapper().readTree(found.out()).get("findings").get(0);
        Path scenario = Path.of(finding.get("scenario").asText());
        assertTrue(java.nio.file.Files.readAllLines(scenario).contains("ensemble: 3"), scenario.toString());
        Path replayed = out.resolve("replayed.jsonl");
        Cli.Result run = Cli.run("run", scenario.toString(), "--schedule", finding.get("trace").asText(),
                "--trace", replayed.toString(), "--json");
        assertEquals(1, run.exit(), run.toString());
        String trace = java.nio.file.Files.readString(Path.of(finding.get("trace").asText()));
        assertEquals(trace, java.nio.file.Files.readString(replayed));
        assertTrue(trace.contains("\"type\":\"server-role\""), "the run was on an ensemble");
    }
}
