package lockstep.simulator.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one way Lockstep writes a file: what it refuses (and leaves as it was), what it keeps, and that no temporary
 * file outlives a failure or a SIGTERM. Runs the same as root and as an ordinary user: the targets it refuses are
 * refused for anyone (a device node, a pipe, a file with no write permission at all).
 */
class SafeFilesTest {

    @TempDir
    Path dir;

    @Test
    void writesAndLeavesNoTemporaryFile() throws IOException {
        Path file = dir.resolve("t.jsonl");
        SafeFiles.writeString(file, "one\n");
        SafeFiles.writeString(file, "two\n");
        assertEquals("two\n", Files.readString(file));
        assertEquals(List.of(file), files());
    }

    @Test
    void aDeviceNodeIsRefusedAndLeftAsItIs() {
        Path device = Path.of("/dev/null");
        assumeTrue(Files.exists(device) && !Files.isRegularFile(device), "no /dev/null here");
        CannotWrite refused = assertThrows(CannotWrite.class, () -> SafeFiles.writeString(device, "x"));
        assertEquals("/dev/null: not a regular file (a device, a pipe or a socket is left as it is; expected a new "
                + "file or a regular one, or --force to replace it)", refused.getMessage());
        assertFalse(Files.isRegularFile(device));
    }

    @Test
    void aPipeIsRefusedWithoutOpeningIt() throws Exception {
        Path fifo = dir.resolve("pipe");
        assumeTrue(mkfifo(fifo), "no mkfifo here");
        CannotWrite refused = assertThrows(CannotWrite.class, () -> SafeFiles.writeString(fifo, "x"));
        assertTrue(refused.getMessage().startsWith(fifo + ": not a regular file"), refused.getMessage());
        assertFalse(Files.isRegularFile(fifo));
        assertEquals(List.of(fifo), files());
    }

    @Test
    void aFileTheUserMayReplaceIsReplacedAReadOnlyOneKeepingItsModeADirectoryNever() throws Exception {
        Path file = dir.resolve("forced.svg");
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        SafeFiles.mayReplace(file);
        SafeFiles.writeString(file, "new");
        assertEquals("new", Files.readString(file));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        Path fifo = dir.resolve("forced-pipe");
        assumeTrue(mkfifo(fifo), "no mkfifo here");
        SafeFiles.mayReplace(fifo);
        SafeFiles.writeString(fifo, "a file now");
        assertEquals("a file now", Files.readString(fifo));
        Path directory = Files.createDirectory(dir.resolve("forced-dir"));
        SafeFiles.mayReplace(directory);
        assertThrows(CannotWrite.class, () -> SafeFiles.writeString(directory, "x"));
        assertTrue(Files.isDirectory(directory));
        assertEquals(List.of(file, fifo, directory).stream().sorted().toList(), files());
    }

    @Test
    void aReadOnlyFileIsRefusedAndKeepsItsContentAndMode() throws IOException {
        Path file = dir.resolve("kept.svg");
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        CannotWrite refused = assertThrows(CannotWrite.class, () -> SafeFiles.writeString(file, "new"));
        assertEquals(file + ": the file is read-only and is left as it is (a file you may write, another name, or "
                + "--force to replace it)",
                refused.getMessage());
        assertEquals("old", Files.readString(file));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(List.of(file), files());
    }

    @Test
    void aReplacedFileKeepsItsMode() throws IOException {
        Path file = dir.resolve("t.png");
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        SafeFiles.writeString(file, "new");
        assertEquals("new", Files.readString(file));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void aFailedWriteIsOneLineAndLeavesTheTargetAndNoTemporaryFile() throws IOException {
        Path file = dir.resolve("t.gif");
        Files.writeString(file, "old");
        CannotWrite failed = assertThrows(CannotWrite.class, () -> SafeFiles.write(file, temporary -> {
            Files.writeString(temporary, "half");
            throw new IOException("No space left on device");
        }));
        assertEquals(file + ": cannot write: No space left on device (nothing was written; free space, or a place "
                + "you may write to)", failed.getMessage());
        assertEquals("old", Files.readString(file));
        assertEquals(List.of(file), files());
    }

    @Test
    void aMissingDirectoryIsNotNormalizedAway() {
        // The shell refuses missing/../x (missing/.. does not exist): so does every command, explore --out included.
        assertEquals("no such directory: " + dir.resolve("missing/..") + " (a file in an existing directory)",
                SafeFiles.problem(dir.resolve("missing/../x")));
        assertEquals(null, SafeFiles.problem(dir.resolve("x")));
    }

    @Test
    void sigtermMidWriteLeavesNoTemporaryFile() throws Exception {
        Path file = dir.resolve("stopped.gif");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xmx32m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), StoppedMidWrite.class.getName(), file.toString())
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = out.readLine(); // the temporary file exists from here on
            assertTrue(line != null && line.startsWith("writing "), () -> "the writer said: " + line);
            assertTrue(Files.exists(Path.of(line.substring("writing ".length()))));
            process.destroy(); // SIGTERM
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the writer did not stop");
        } finally {
            process.destroyForcibly();
        }
        assertEquals(List.of(), files());
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> listed = Files.list(dir)) {
            return listed.sorted().toList();
        }
    }

    private static boolean mkfifo(Path fifo) {
        try {
            Process process = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
