package lockstep.gui.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.registry.Algorithms;
import picocli.CommandLine;

/**
 * The launcher's command line: gui and render refuse bad input on the command line (one line, exit 2, nothing
 * written, no window), gui without a display prints the table and names the GIF it writes, and help and --version
 * work for the window's commands too. gui runs here with a probe that finds no display, so no test can open a window.
 */
class GuiCliTest {

    @TempDir
    Path dir;

    record Result(int exit, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** The launcher's command line, its gui told by the probe that there is no display, the temp directory ours. */
    private CommandLine withoutDisplay() {
        return Launcher.commandLine(new GuiCommand(new DisplayProbe(Map.of(), true, Path.of("/nonexistent"),
                Path.of("/nonexistent"), Duration.ofMillis(100)), dir));
    }

    private Result run(String... args) {
        return run(withoutDisplay(), args);
    }

    private static Result run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    private void assertBadInput(String expected, String... args) throws IOException {
        Result result = run(args);
        assertEquals(2, result.exit(), result::toString);
        assertEquals("", result.out(), result::toString);
        assertEquals(List.of(expected), result.errLines(), result::toString);
        assertEquals(List.of(), files(), "nothing written");
    }

    private List<Path> files() throws IOException {
        try (var stream = Files.list(dir)) {
            return stream.sorted().toList();
        }
    }

    @Test
    void optionsAloneOpenTheWindowAsABareLockstepDoes() {
        assertArrayEquals(new String[] {"gui"}, Launcher.withDefaultCommand());
        assertArrayEquals(new String[] {"gui", "--lang", "zh"}, Launcher.withDefaultCommand("--lang", "zh"));
        assertArrayEquals(new String[] {"gui", "--lang=ru", "--debug"}, Launcher.withDefaultCommand("--lang=ru", "--debug"));
        assertArrayEquals(new String[] {"--lang", "zh", "list"}, Launcher.withDefaultCommand("--lang", "zh", "list"));
        assertArrayEquals(new String[] {"--help"}, Launcher.withDefaultCommand("--help"));
        assertArrayEquals(new String[] {"--lang"}, Launcher.withDefaultCommand("--lang"), "a missing value: its own error");
    }

    @Test
    void guiRefusesBadInputAsRunDoes() throws IOException {
        String algorithms = "(expected one of " + String.join(", ", Algorithms.names()) + ")";
        assertBadInput("lockstep gui: --algorithm: unknown algorithm 'foo' " + algorithms, "gui", "02", "--algorithm",
                "naive,foo");
        var builtIns = lockstep.simulator.scenario.BuiltInScenarios.list();
        assertBadInput("nosuch: no built-in scenario by that name (expected an id 01.."
                + builtIns.get(builtIns.size() - 1).id() + " or a name such as 01-one-client)", "gui", "nosuch");
        Path missing = dir.resolve("missing.yaml");
        assertBadInput(missing + ":1:1: cannot read the file (no such file)", "gui", missing.toString());
        Path missingTrace = dir.resolve("missing.jsonl");
        assertBadInput(missingTrace + ":1:1: no such file (a trace file, as written by lockstep run --trace)", "gui",
                missingTrace.toString());
        assertBadInput("lockstep gui: --gif: no such directory: " + dir.resolve("no") + " (a file in an existing"
                + " directory)", "gui", "02", "--gif", dir.resolve("no/x.gif").toString());
        assertBadInput("lockstep gui: --gif: " + dir.resolve("x.png") + " does not end in .gif (a file name ending in"
                + " .gif: only GIF is written)", "gui", "02", "--gif", dir.resolve("x.png").toString());
        assertBadInput("lockstep gui: --algorithm: one to three algorithms (got 4)", "gui", "02", "--algorithm",
                "naive,sequential,rwlock,naive");
    }

    @Test
    void renderRefusesAMissingDirectoryAndAnotherFormat() throws IOException {
        assertBadInput("lockstep render: --out: no such directory: " + dir.resolve("no") + " (a file in an existing"
                + " directory)", "render", "02", "--out", dir.resolve("no/x.png").toString());
        assertBadInput("lockstep render: --out: " + dir.resolve("x.jpg") + " does not end in .png (a file name ending"
                + " in .png: only PNG is written)", "render", "02", "--out", dir.resolve("x.jpg").toString());
        assertBadInput("lockstep render: --gif: " + dir.resolve("x.png") + " does not end in .gif (a file name ending"
                + " in .gif: only GIF is written)", "render", "02", "--gif", dir.resolve("x.png").toString());
        assertBadInput("lockstep render: --out: " + dir + " is a directory (a file to write)", "render", "02", "--out",
                dir.toString());
    }

    @Test
    void renderAndGuiRefuseAPipeAndAReadOnlyImageAndLeaveThemAsTheyWere() throws Exception {
        Path fifo = dir.resolve("frame.png");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()
                == 0, "no mkfifo here");
        Result pipe = run("render", "02", "--out", fifo.toString());
        assertEquals(2, pipe.exit(), pipe::toString);
        assertEquals(List.of("lockstep render: --out: " + fifo + ": not a regular file (a device, a pipe or a socket"
                + " is left as it is; expected a new file or a regular one, or --force to replace it)"), pipe.errLines());
        assertFalse(Files.isRegularFile(fifo));
        Path gif = dir.resolve("kept.gif");
        Files.writeString(gif, "old");
        Files.setPosixFilePermissions(gif, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
        String readOnly = ": the file is read-only and is left as it is (a file you may write, another name, or "
                + "--force to replace it)";
        Result render = run("render", "02", "--gif", gif.toString());
        assertEquals(List.of("lockstep render: --gif: " + gif + readOnly), render.errLines(), render::toString);
        Result gui = run("gui", "02", "--gif", gif.toString());
        assertEquals(2, gui.exit(), gui::toString);
        assertEquals(List.of("lockstep gui: --gif: " + gif + readOnly), gui.errLines(), gui::toString);
        assertEquals("old", Files.readString(gif));
        assertEquals(List.of(fifo, gif), files());
    }

    /** No display: the reason and the GIF's path on stderr, the table on stdout, the GIF where it said. */
    @Test
    void withoutADisplayTheTableAndAGifAtThePathItNames() throws IOException {
        Path gif = dir.resolve("one.gif");
        Result result = run("gui", "01", "--algorithm", "sequential", "--gif", gif.toString());
        assertEquals(0, result.exit(), result::toString);
        assertEquals(List.of("lockstep gui: no display (DISPLAY is not set); printing the table and writing the"
                + " animation to " + gif), result.errLines());
        List<String> out = result.out().lines().toList();
        assertTrue(out.get(0).startsWith("One client (01-one-client, seed "), result::toString);
        assertTrue(out.get(out.size() - 1).matches("wrote " + java.util.regex.Pattern.quote(gif.toString())
                + " \\(\\d+ frames\\)"), result::toString);
        assertEquals(List.of(gif), files());
        assertGif(gif);
    }

    /**
     * By default the GIF goes to the temp directory, not the current one. The reason given is the one a launcher
     * passes to the fresh JVM when the window failed to open.
     */
    @Test
    void theDefaultGifGoesToTheTempDirectory() throws IOException {
        Result result = run("gui", "01", "--algorithm", "naive", "--headless-because",
                "the window cannot open (no GTK)");
        assertEquals(0, result.exit(), result::toString);
        Path gif = dir.resolve("lockstep-01-one-client.gif");
        assertEquals(List.of("lockstep gui: the window cannot open (no GTK); printing the table and writing the"
                + " animation to " + gif), result.errLines());
        assertEquals(List.of(gif), files());
        assertGif(gif);
        assertEquals(Path.of(System.getProperty("java.io.tmpdir")), new GuiCommand().temp);
    }

    /** A trace is read as a trace: check's table, then its GIF. */
    @Test
    void withoutADisplayATraceIsCheckedNotRun() throws IOException {
        Path trace = dir.resolve("t.jsonl");
        assertEquals(0, run("run", "01", "--algorithm", "sequential", "--trace", trace.toString()).exit());
        Path gif = dir.resolve("t.gif");
        Result result = run("gui", trace.toString(), "--gif", gif.toString());
        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().startsWith(trace + ": One client (01-one-client, seed "), result::toString);
        assertEquals(List.of(gif, trace), files());
        assertGif(gif);
    }

    @Test
    void helpAndVersionForTheWindowsCommands() {
        Result help = run(Launcher.commandLine(), "help", "render");
        assertEquals(0, help.exit(), help::toString);
        assertTrue(help.out().startsWith("Usage: lockstep render"), help::toString);
        for (String command : List.of("gui", "render")) {
            Result version = run(Launcher.commandLine(), command, "--version");
            assertEquals(0, version.exit(), version::toString);
            assertEquals("lockstep 0.1.0\n", version.out());
        }
        Result unknown = run(Launcher.commandLine(), "frob");
        assertEquals(2, unknown.exit());
        assertEquals(List.of("lockstep: unknown command 'frob' (expected one of run, check, list, bench, herd, explore, grade, export, help, gui,"
                + " render, docs-images, site)"), unknown.errLines());
    }

    private static void assertGif(Path gif) throws IOException {
        try (InputStream in = Files.newInputStream(gif)) {
            assertArrayEquals("GIF89a".getBytes(StandardCharsets.US_ASCII), in.readNBytes(6));
        }
    }
}
