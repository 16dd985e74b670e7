package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --lock}: a lock a user wrote, compiled here and run through the seam like Curator's recipes; the examples of
 * docs/examples, and each wrong input as its one line and exit code 2.
 */
class YourOwnLockTest {

    static final Path EXAMPLES = Path.of("..", "docs", "examples");
    static final String ASSUME_ON_WAKE = EXAMPLES.resolve("AssumeOnWakeLock.java").toString();
    static final String PREDECESSOR = EXAMPLES.resolve("PredecessorLock.java").toString();
    static final String WRAPPED_CURATOR = EXAMPLES.resolve("WrappedCuratorLock.java").toString();

    @Test
    void aUsersLockRunsBesideABuiltInOneEachInALaneNamedAfterItsClass() throws Exception {
        Cli.Result result = Cli.run("run", "02", "--lock", ASSUME_ON_WAKE, "--algorithm", "sequential", "--json");
        assertEquals(0, result.exit(), result.toString());
        JsonNode runs = new ObjectMapper().readTree(result.out()).get("results");
        assertEquals(2, runs.size(), result.toString());
        assertEquals("sequential", runs.get(0).get("algorithm").asText());
        assertEquals("AssumeOnWakeLock", runs.get(1).get("algorithm").asText());
        assertEquals(10, runs.get(1).get("acquisitions").asInt(), result.toString());
    }

    @Test
    void aLockOnCuratorGetsACuratorFrameworkThroughTheSeam() throws Exception {
        Cli.Result result = Cli.run("run", "02", "--lock", WRAPPED_CURATOR, "--json");
        assertEquals(0, result.exit(), result.toString());
        JsonNode run = new ObjectMapper().readTree(result.out()).get("results").get(0);
        assertEquals("WrappedCuratorLock", run.get("algorithm").asText());
        assertEquals(9, run.get("notifications").asInt(), "one wake-up per release, as Curator's");
    }

    @Test
    void aReadWriteLockIsAskedForTheSideEachRequestNeeds() throws Exception {
        Cli.Result result = Cli.run("run", "06", "--lock", EXAMPLES.resolve("WrappedCuratorReadWriteLock.java")
                .toString(), "--algorithm", "curator-rwlock", "--json");
        assertEquals(0, result.exit(), result.toString());
        JsonNode runs = new ObjectMapper().readTree(result.out()).get("results");
        assertEquals("WrappedCuratorReadWriteLock", runs.get(1).get("algorithm").asText());
        assertEquals(runs.get(0).get("grantOrder"), runs.get(1).get("grantOrder"), "Curator's own lock, as it is");
        assertEquals(runs.get(0).get("ops"), runs.get(1).get("ops"), result.toString());
    }

    /**
     * A client's first read request and first write request get the two sides of one object of the user's read/write
     * lock, as Curator's own recipe does: the write holder's downgrade to a read (scenario 21) goes through, where two
     * objects made the read wait behind the client's own write node.
     */
    @Test
    void aDowngradeGoesThroughOneReadWriteLockObject() throws Exception {
        Cli.Result result = Cli.run("run", "21", "--lock", EXAMPLES.resolve("WrappedCuratorReadWriteLock.java")
                .toString(), "--algorithm", "curator-rwlock", "--json");
        JsonNode runs = new ObjectMapper().readTree(result.out()).get("results");
        assertEquals("WrappedCuratorReadWriteLock", runs.get(1).get("algorithm").asText(), result.toString());
        assertEquals(runs.get(0).get("grantOrder"), runs.get(1).get("grantOrder"), result.toString());
        assertEquals(runs.get(0).get("ops"), runs.get(1).get("ops"), result.toString());
        assertEquals(runs.get(0).get("violations"), runs.get(1).get("violations"), result.toString());
    }

    @Test
    void exploreCatchesTheLockThatAssumesItHoldsWhenWokenAndItsCounterexampleReplaysByteForByte(@TempDir Path out)
            throws Exception {
        Cli.Result found = Cli.run("explore", "--lock", ASSUME_ON_WAKE, "--seeds", "1..200", "--out", out.toString(),
                "--json");
        assertEquals(1, found.exit(), found.toString());
        JsonNode finding = new ObjectMapper().readTree(found.out()).get("findings").get(0);
        assertEquals("mutual-exclusion", finding.get("kind").asText());
        assertTrue(finding.get("replay").asText().endsWith(" --lock " + ASSUME_ON_WAKE), found.toString());
        assertTrue(finding.get("replays").asBoolean(), found.toString());

        Path replayed = out.resolve("replayed.jsonl");
        Cli.Result run = Cli.run("run", finding.get("scenario").asText(), "--schedule", finding.get("trace").asText(),
                "--lock", ASSUME_ON_WAKE, "--trace", replayed.toString(), "--json");
        assertEquals(1, run.exit(), run.toString());
        assertEquals(Files.readString(Path.of(finding.get("trace").asText())), Files.readString(replayed));

        // check --rerun makes the run again with the user's lock, named as run names it; without it, one line.
        Cli.Result rerun = Cli.run("check", replayed.toString(), "--rerun", "--lock", ASSUME_ON_WAKE);
        assertEquals(0, rerun.exit(), rerun.toString());
        assertTrue(rerun.out().strip().endsWith("reproduced byte for byte by a new run of " + finding.get("scenario")
                .asText() + " (AssumeOnWakeLock, seed " + finding.get("seed").asText() + ", the recorded schedule)"),
                rerun.toString());
        Cli.Result noLock = Cli.run("check", replayed.toString(), "--rerun");
        assertEquals(2, noLock.exit(), noLock.toString());
        assertEquals(replayed + ":1:1: the trace was made with AssumeOnWakeLock, which is not a built-in algorithm "
                + "(expected --lock FILE, the file of class AssumeOnWakeLock)", noLock.err().strip());

        // What every picture draws of it (the window, render, the GIF): the user's lane, its nodes, its two holders
        // flagged, and a caption from the replay that names no recipe.
        lockstep.simulator.frame.Frames frames = lockstep.simulator.frame.Frames.ofTraces(
                java.util.List.of(lockstep.simulator.trace.TraceFiles.read(replayed)));
        lockstep.simulator.frame.LaneFrame last = frames.at(frames.size() - 1, 0);
        assertEquals("AssumeOnWakeLock", last.algorithm());
        assertTrue(last.cards().size() >= 2, last.toString());
        assertEquals(2, last.flagged().size(), last.toString());
        assertTrue(last.findings().stream().anyMatch(f -> f.kind().equals("mutual-exclusion")), last.toString());
        assertTrue(last.caption().contains(last.flagged().get(1) + " "), last.caption());
        for (String recipe : java.util.List.of("Curator", "sequential", "predecessor's", "engine")) {
            assertTrue(!last.caption().contains(recipe), last.caption());
        }
    }

    @Test
    void theFixedVersionExploresClean(@TempDir Path out) throws Exception {
        // docs/your-own-lock.md records the long search (1..1000); a few seeds with every fault here.
        Cli.Result result = Cli.run("explore", "--lock", PREDECESSOR, "--seeds", "1..12", "--out", out.toString(),
                "--json");
        assertEquals(0, result.exit(), result.toString());
        assertEquals(0, new ObjectMapper().readTree(result.out()).get("findings").size(), result.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // file name | its source ('~' for a new line) | the line's start, after the file's path
        "Broken.java|public class Broken {~    Nope nope;~}|:2:5: cannot find symbol; symbol:   class Nope;",
        "NotALock.java|public class NotALock {~    public NotALock(org.apache.zookeeper.ZooKeeper zk, String path) {}~}"
                + "|:1:1: class NotALock is not a lock (expected a public class implementing",
        "NoConstructor.java|import java.util.concurrent.TimeUnit;~public class NoConstructor implements"
                + " org.apache.curator.framework.recipes.locks.InterProcessLock {~  public NoConstructor(String p) {}~"
                + "  public void acquire() {}~  public boolean acquire(long t, TimeUnit u) { return true; }~"
                + "  public void release() {}~  public boolean isAcquiredInThisProcess() { return false; }~}"
                + "|:2:1: class NoConstructor has no constructor Lockstep can call (expected a public constructor"
                + " (org.apache.zookeeper.ZooKeeper, String lockPath) or",
        "Hidden.java|class Hidden {}|:1:1: class Hidden cannot be made: it is not a public concrete class",
        "lock.txt|nothing|: not a lock file (expected FILE.java, FILE.jar or FILE.jar:CLASS)"})
    void aWrongLockIsOneLineWithItsFileAndLineAndExitCode2(String file, String source, String expected,
                                                          @TempDir Path dir) throws Exception {
        Path lock = dir.resolve(file);
        Files.writeString(lock, source.replace("~", "\n"));
        Cli.Result result = Cli.run("run", "01", "--lock", lock.toString());
        assertEquals(2, result.exit(), result.toString());
        assertEquals(1, result.errLines().size(), result.toString());
        assertTrue(result.err().startsWith(lock + expected), result.toString());
        assertEquals("", result.out());
    }

    @Test
    void aMissingFileIsOneLine() {
        Cli.Result result = Cli.run("explore", "--lock", "NoSuchLock.java");
        assertEquals(2, result.exit(), result.toString());
        assertEquals("NoSuchLock.java: no such file (expected a Java source file with your lock class)\n",
                result.err());
    }
}
