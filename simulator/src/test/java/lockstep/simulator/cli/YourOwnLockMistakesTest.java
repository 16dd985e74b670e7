package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a user's lock can do wrong at run time, each answered in one line with the user's file and line: what the run
 * cannot schedule stops it (exit 2, as for a lock that does not compile); an exception from acquire or release is
 * shown in the trace with its top user frame, and the run goes on for the others.
 */
class YourOwnLockMistakesTest {

    /** A lock whose acquire (line 8 of its file) is {@code body}; release forgets the lock. */
    private static String lock(String name, String body) {
        return "import java.util.concurrent.*; import org.apache.zookeeper.*;\n"                           // 1
                + "public class " + name + " implements"                                                   // 2
                + " org.apache.curator.framework.recipes.locks.InterProcessLock {\n"
                + "  private final ZooKeeper zk; private final String path; private volatile boolean held;\n" // 3
                + "  public " + name + "(ZooKeeper zk, String path) { this.zk = zk; this.path = path; }\n"   // 4
                + "  public void acquire() throws Exception { acquire(-1, TimeUnit.SECONDS); }\n"            // 5
                + "  public boolean release0() { return held = false; }\n"                                   // 6
                + "  public boolean acquire(long t, TimeUnit u) throws Exception {\n"                        // 7
                + "    " + body + "\n"                                                                        // 8
                + "    held = true; return true; }\n"                                                         // 9
                + "  public void release() { release0(); }\n"                                                 // 10
                + "  public boolean isAcquiredInThisProcess() { return held; }\n"                             // 11
                + "}\n";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "AsyncLock|zk.create(\"/a\", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL,"
                + " (rc, p, ctx, name) -> { }, null);"
                + "|:8: c1 called asynchronous create, which would pass Lockstep's scheduler unseen (expected"
                + " synchronous create, delete, exists, getData, getChildren, setData or removeWatches)",
        "HelperLock|zk.exists(\"/\", false); Thread helper = new Thread(() -> {"
                + " try { zk.exists(\"/\", false); } catch (Exception e) { } }); helper.start(); helper.join();"
                + "|:8: c1's exists came from a thread of the lock's own (Thread-",
        "SleepyLock|zk.exists(\"/\", false); Thread.sleep(60_000);"
                + "|:8: c1 waits on the wall clock inside acquire (Thread.sleep), so the run would depend on time"
                + " (expected a wait that only a watch notification ends)",
        "TimedLock|zk.exists(\"/\", false); new CountDownLatch(1).await(60, TimeUnit.SECONDS);"
                + "|:8: c1 waits on the wall clock inside acquire (a timed wait)",
        "DeafLock|new CountDownLatch(1).await();"
                + "|:8: c1's acquire waits without having called ZooKeeper, so nothing can wake it (expected a wait"
                + " for a watch that one of its calls set)"})
    void whatTheRunCannotScheduleIsOneLineWithTheUsersFileAndLineAndExitCode2(String name, String body,
                                                                             String expected, @TempDir Path dir)
            throws Exception {
        Path file = dir.resolve(name + ".java");
        Files.writeString(file, lock(name, body));
        Cli.Result result = Cli.run("run", "01", "--lock", file.toString());
        assertEquals(2, result.exit(), result.toString());
        assertEquals(1, result.errLines().size(), result.toString());
        assertTrue(result.err().startsWith(file + expected), result.toString());
    }

    @Test
    void exploreStopsAtTheFirstRunWithTheSameLineAndExitCode2(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("SleepyLock.java");
        Files.writeString(file, lock("SleepyLock", "zk.exists(\"/\", false); Thread.sleep(60_000);"));
        Cli.Result result = Cli.run("explore", "--lock", file.toString(), "--seeds", "1..200", "--out",
                dir.resolve("out").toString());
        assertEquals(2, result.exit(), result.toString());
        // the first client the generated script asks with, whichever it is
        assertTrue(result.errLines().get(result.errLines().size() - 1).matches(java.util.regex.Pattern.quote(
                file + ":8: c") + "\\d waits on the wall clock inside acquire \\(Thread\\.sleep\\), .*"),
                result.toString());
    }

    @Test
    void anAcquireThatNeitherCallsNorWaitsIsAStallNamedWithItsClientAndItsLastCall(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("SpinLock.java");
        Files.writeString(file, lock("SpinLock", "zk.exists(\"/\", false); while (!Thread.interrupted()) {"
                + " Thread.onSpinWait(); } if (t < 0) { throw new InterruptedException(); }"));
        System.setProperty("lockstep.stallSeconds", "1");
        try {
            Cli.Result result = Cli.run("run", "01", "--lock", file.toString());
            assertEquals(2, result.exit(), result.toString());
            assertEquals(file + ":8: c1's acquire neither called ZooKeeper nor waited for a watch within 1 s; its"
                    + " last call: exists / (expected code that calls ZooKeeper or waits until a watch notification"
                    + " wakes it)\n", result.err());
        } finally {
            System.clearProperty("lockstep.stallSeconds");
        }
    }

    /**
     * A watcher that never returns (it waits for the monitor its own acquire holds while that waits for it) stalls
     * the run: explore stops with one line at the watcher's line in the user's code (exit 2, as run and grade do),
     * not with Lockstep's own failure.
     */
    @Test
    void aWatcherThatDoesNotReturnStopsExploreWithOneLineAtTheWatchersLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("SelfishWatcherLock.java");
        Files.writeString(file, "import java.util.concurrent.*; import org.apache.zookeeper.*;\n"           // 1
                + "public class SelfishWatcherLock implements"                                                 // 2
                + " org.apache.curator.framework.recipes.locks.InterProcessLock {\n"
                + "  private final ZooKeeper zk; private final String p; private volatile boolean held;\n"     // 3
                + "  public SelfishWatcherLock(ZooKeeper zk, String path) {"                                   // 4
                + " this.zk = zk; this.p = \"/\" + path.replace('/', '_'); }\n"
                + "  public void acquire() throws Exception { acquire(-1, TimeUnit.SECONDS); }\n"              // 5
                + "  public synchronized boolean acquire(long t, TimeUnit u) throws Exception {\n"            // 6
                + "    while (true) { CountDownLatch l = new CountDownLatch(1);\n"                            // 7
                + "      if (zk.exists(p, e -> {\n"                                                            // 8
                + "          synchronized (this) { l.countDown(); } }) == null) {\n"                           // 9
                + "        try { zk.create(p, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);" // 10
                + " held = true; return true; } catch (KeeperException.NodeExistsException e) { continue; } }\n"
                + "      if (t == 0) { return false; }\n"                                                      // 11
                + "      l.await(); } }\n"                                                                     // 12
                + "  public void release() throws Exception { held = false; zk.delete(p, -1); }\n"            // 13
                + "  public boolean isAcquiredInThisProcess() { return held; }\n"                             // 14
                + "}\n");
        System.setProperty("lockstep.stallSeconds", "1");
        try {
            Cli.Result result = Cli.run("explore", "--lock", file.toString(), "--seeds", "1..3", "--out",
                    dir.resolve("out").toString());
            assertEquals(2, result.exit(), result.toString());
            assertTrue(result.errLines().get(result.errLines().size() - 1).matches(java.util.regex.Pattern.quote(
                    file + ":9: a watcher of c") + "(\\d)'s has not returned within 1 s, and ZooKeeper hands c\\1's"
                    + " notifications to its watchers one at a time on one thread: every later one waits behind it"
                    + java.util.regex.Pattern.quote(" (expected a watcher that returns at once, such as one that"
                            + " counts down a latch)")), result.toString());
        } finally {
            System.clearProperty("lockstep.stallSeconds");
        }
    }

    @Test
    void anExceptionFromAcquireIsShownWithItsTopUserFrameAndTheRunGoesOnForTheOthers(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("GrumpyLock.java");
        // the second object made (c2's) refuses
        Files.writeString(file, lock("GrumpyLock", "if (MADE.incrementAndGet() == 2) {"
                + " throw new IllegalStateException(\"not today\"); }").replace("}\n$", "")
                .replaceFirst("\\}\\n$", "  static final java.util.concurrent.atomic.AtomicInteger MADE ="
                        + " new java.util.concurrent.atomic.AtomicInteger();\n}\n"));
        Path scenario = dir.resolve("two.yaml");
        Files.writeString(scenario, "title: two\nclients: 3\nscript:\n  - c1 acquire\n  - c2 acquire\n"
                + "  - c1 release\n  - c2 release\n  - c3 acquire\n  - holder release\n");
        Path trace = dir.resolve("trace.jsonl");
        Cli.Result result = Cli.run("run", scenario.toString(), "--lock", file.toString(), "--trace",
                trace.toString(), "--json");
        assertEquals(0, result.exit(), result.toString());
        String events = Files.readString(trace);
        assertTrue(events.contains("\"type\":\"fault\",\"kind\":\"error\",\"effect\":\"none\",\"client\":\"c2\","
                + "\"server\":0,\"detail\":\"" + file + ":8: acquire threw IllegalStateException: not today\"}"),
                events);
        assertTrue(java.util.regex.Pattern.compile("\"text\":\"c2 release\"}\n\\{\"i\":\\d+,\"type\":\"script-line\"")
                .matcher(events).find(), "c2's release is passed over:\n" + events);
        assertTrue(events.contains("\"client\":\"c3\",\"state\":\"released\""), events);
    }
}
