package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.simulator.trace.TraceBuilder;
import lockstep.simulator.trace.TraceFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Every command's output, before any work and after it: a device, a pipe or a read-only file is refused in one line
 * with exit code 2 and left as it was; the same path rules everywhere; a standard output that cannot be written (a
 * full device) is exit code 2, never 0; a failed write after the work is one line, exit 2, never "internal error".
 * No ZooKeeper: every refusal comes before a run.
 */
class SafeOutputTest {

    private static final String NOT_REGULAR = "not a regular file (a device, a pipe or a socket is left as it is; "
            + "expected a new file or a regular one, or --force to replace it)";
    private static final String READ_ONLY = "the file is read-only and is left as it is (a file you may write, "
            + "another name, or --force to replace it)";

    @TempDir
    Path dir;

    @Test
    void aDeviceNodeIsRefusedByEveryCommandBeforeItsWork() {
        Path device = Path.of("/dev/null");
        assumeTrue(Files.exists(device) && !Files.isRegularFile(device), "no /dev/null here");
        assertRefused("lockstep run: --trace: /dev/null: " + NOT_REGULAR, "run", "01", "--algorithm", "naive",
                "--trace", "/dev/null");
        assertFalse(Files.isRegularFile(device));
    }

    @Test
    void aPipeIsRefusedBeforeTheWork() throws Exception {
        Path fifo = dir.resolve("chart.svg");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(mkfifo.waitFor() == 0, "no mkfifo here");
        assertRefused("lockstep herd: --chart: " + fifo + ": " + NOT_REGULAR, "herd", "--chart", fifo.toString());
        assertRefused("lockstep bench: --chart: " + fifo + ": " + NOT_REGULAR, "bench", "--chart", fifo.toString());
        assertFalse(Files.isRegularFile(fifo));
    }

    @Test
    void aReadOnlyExportIsRefusedAndKeepsItsContentAndMode() throws IOException {
        Path trace = trace();
        Path svg = dir.resolve("old.svg");
        Files.writeString(svg, "old");
        Files.setPosixFilePermissions(svg, PosixFilePermissions.fromString("r--r--r--"));
        assertRefused("lockstep export: --svg: " + svg + ": " + READ_ONLY, "export", trace.toString(), "--svg",
                svg.toString());
        assertEquals("old", Files.readString(svg));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(svg)));
        assertRefused("lockstep run: --trace: " + svg + ": " + READ_ONLY, "run", "01", "--algorithm", "naive",
                "--trace", svg.toString());
    }

    @Test
    void forceReplacesAReadOnlyExportAndAPipeKeepingTheMode() throws Exception {
        Path trace = trace();
        Path svg = dir.resolve("kept.svg");
        Files.writeString(svg, "old");
        Files.setPosixFilePermissions(svg, PosixFilePermissions.fromString("r--r--r--"));
        Path fifo = dir.resolve("pipe.log");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(mkfifo.waitFor() == 0, "no mkfifo here");
        Cli.Result result = Cli.run("export", trace.toString(), "--svg", svg.toString(), "--shiviz", fifo.toString(),
                "--force");
        assertEquals(0, result.exit(), result::toString);
        assertTrue(Files.readString(svg).contains("<svg"), "replaced");
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(svg)));
        assertTrue(Files.isRegularFile(fifo), "the pipe is replaced by the file");
        assertRefused("lockstep export: --svg: " + dir + " is a directory", "export", trace.toString(), "--svg",
                dir.toString(), "--force");
    }

    @Test
    void exploreRefusesWhatRunRefusesBeforeItSearches() {
        String missing = dir.resolve("missing/../x").toString();
        assertRefused("lockstep explore: --out: " + missing + ": no such directory: " + dir.resolve("missing/..")
                + " (a file in an existing directory)", "explore", "--algorithm", "naive", "--out", missing);
        assertRefused("lockstep run: --trace: no such directory: " + dir.resolve("missing/.."), "run", "01",
                "--algorithm", "naive", "--trace", missing);
        assertFalse(Files.exists(dir.resolve("x")));
    }

    @Test
    void aDeviceNamedAsTheTraceOfSeveralAlgorithmsIsRefusedNotUsedAsAPrefix() {
        // /dev/null-naive and /dev/null-sequential were written into /dev: a device has no name to put traces beside
        assertRefused("lockstep run: --trace: /dev/null: not a regular file, so no name to put each algorithm's trace "
                + "beside (expected a file name such as t.jsonl, or a directory)", "run", "01", "--trace", "/dev/null");
        assertFalse(Files.exists(Path.of("/dev/null-naive")));
    }

    @Test
    void aFullStandardOutputIsExitTwoNotZero() {
        CommandLine cli = LockstepCommand.commandLine();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(new PrintStream(new Full(), true), true));
        cli.setErr(new PrintWriter(err, true));
        assertEquals(2, cli.execute("list"));
        assertEquals(List.of("lockstep: cannot write to standard output (a full device or a closed pipe): the "
                + "output is lost"), err.toString().lines().toList());
    }

    @Test
    void aFailedWriteAfterTheWorkIsOneLineAndExitTwo() {
        CommandLine cli = LockstepCommand.commandLine().addSubcommand("fill", new Fill());
        Cli.Result result = Cli.run(cli, "fill");
        assertEquals(2, result.exit(), result::toString);
        assertEquals(List.of("lockstep: /x/y.svg: No space left on device"), result.errLines());
    }

    @Test
    void noTemporaryFileOutlivesAnExport() throws IOException {
        Path trace = trace();
        Cli.Result result = Cli.run("export", trace.toString(), "--svg", dir.resolve("t.svg").toString());
        assertEquals(0, result.exit(), result::toString);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("t.jsonl", "t.svg"), files.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }

    /** A command whose output file fails after its work, as a full disk makes it. */
    @Command(name = "fill")
    static final class Fill implements Callable<Integer> {
        @Override
        public Integer call() throws IOException {
            throw new java.nio.file.FileSystemException("/x/y.svg", null, "No space left on device");
        }
    }

    /** Standard output on a full device. */
    private static final class Full extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            throw new IOException("No space left on device");
        }
    }

    private Path trace() throws IOException {
        Path trace = dir.resolve("t.jsonl");
        TraceFiles.write(trace, TraceBuilder.herd("c1").holding("c1").released("c1").ended().build());
        return trace;
    }

    private static void assertRefused(String start, String... args) {
        Cli.Result result = Cli.run(args);
        assertEquals(2, result.exit(), result::toString);
        assertEquals(1, result.errLines().size(), result::toString);
        assertTrue(result.errLines().get(0).startsWith(start), result::toString);
    }
}
