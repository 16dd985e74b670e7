package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.simulator.trace.TraceBuilder;
import lockstep.simulator.trace.TraceFiles;

/**
 * Scenarios and traces are bounded before they are parsed: a device, a FIFO with no writer, a file too large, a line
 * too long, a nest too deep, a trace naming more clients than a scenario may: each is one line and exit code 2,
 * quickly (every case here is a few KiB, or a sparse file that takes no disk) and without a stack trace.
 */
class BoundedInputsTest {

    private static final Duration QUICK = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aDeviceIsRefusedByNameNotRead() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero) && !Files.isRegularFile(zero), "no /dev/zero here");
        assertRefused("/dev/zero:1:1: not a regular file: a pipe or a device is not read (expected a scenario file)",
                "run", "/dev/zero");
        assertRefused("/dev/zero:1:1: not a regular file: a pipe or a device is not read (expected a trace file)",
                "check", "/dev/zero");
    }

    @Test
    void aFifoWithNoWriterIsRefusedWithoutWaiting() throws Exception {
        Path fifo = dir.resolve("pipe.yaml");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "no mkfifo here");
        assertRefused(fifo + ":1:1: not a regular file: a pipe or a device is not read (expected a scenario file)",
                "run", fifo.toString());
        assertRefused(fifo + ":1:1: not a regular file: a pipe or a device is not read (expected a trace file)",
                "check", fifo.toString());
    }

    @Test
    void aFileTooLargeIsRefusedBeforeItIsRead() throws IOException {
        Path scenario = sparse("big.yaml", (1L << 20) + 1);
        assertRefused(scenario + ":1:1: the file is 1048577 bytes, more than 1048576 (expected a scenario file of "
                + "at most 1048576 bytes)", "run", scenario.toString());
        Path trace = sparse("big.jsonl", (64L << 20) + 1);
        assertRefused(trace + ":1:1: the file is 67108865 bytes, more than 67108864 (expected a trace file of at "
                + "most 67108864 bytes)", "check", trace.toString());
    }

    @Test
    void aLineTooLongIsRefusedBeforeItIsParsed() throws IOException {
        Path trace = dir.resolve("long.jsonl");
        Files.writeString(trace, "{\"i\":0,\"title\":\"" + "x".repeat(1 << 20) + "\"}\n");
        assertRefused(trace + ":1:1048577: the line is longer than 1048576 bytes (expected a trace file whose lines "
                + "are at most 1048576 bytes)", "check", trace.toString());
    }

    @Test
    void aNestTooDeepIsOneLineNotAStackOverflow() throws IOException {
        Path scenario = dir.resolve("deep.yaml");
        Files.writeString(scenario, "title: deep\nclients: 1\nscript: " + "[".repeat(9_000) + "\n");
        assertRefused(scenario + ":3:72: nested more than 64 levels deep (expected a scenario nested at most 64 "
                + "levels)", "run", scenario.toString());
    }

    @Test
    void aTraceNamingMoreClientsThanAScenarioMayIsRefused() throws IOException {
        Path trace = dir.resolve("many.jsonl");
        TraceFiles.write(trace, TraceBuilder.herd("c1").holding("c1").released("c1").ended().build());
        String clients = IntStream.rangeClosed(1, 1001).mapToObj(i -> "\"c" + i + "\"")
                .collect(Collectors.joining(","));
        List<String> lines = Files.readAllLines(trace);
        String header = lines.get(0).replace("\"clients\":[\"c1\"]", "\"clients\":[" + clients + "]");
        Files.writeString(trace, header + "\n" + String.join("\n", lines.subList(1, lines.size())) + "\n");
        int column = header.indexOf("\"clients\"") + 1 + "\"clients\":".length();
        assertRefused(trace + ":1:" + column + ": \"clients\" names 1001 clients, more than 1000 (at most 1000 "
                + "clients, as a scenario has)", "check", trace.toString());
    }

    /** A file of {@code size} bytes that starts as a scenario or a trace does, the rest a hole. */
    private Path sparse(String name, long size) throws IOException {
        Path file = dir.resolve(name);
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.write(name.endsWith(".jsonl") ? '{' : 't'); // what run and check tell a trace from a scenario by
            out.setLength(size); // the rest a hole: no disk, no time
        }
        return file;
    }

    private static void assertRefused(String line, String... args) {
        Cli.Result result = assertTimeoutPreemptively(QUICK, () -> Cli.run(args));
        assertEquals(2, result.exit(), result::toString);
        assertEquals(List.of(line), result.errLines(), result::toString);
    }
}
