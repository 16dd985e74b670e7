package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file in {@code tampered/} is a trace a run wrote with one thing changed by hand: {@code check} refuses it with
 * exactly the one line {@code expected-messages.txt} gives, and its exit code (2: no run writes that; 1: a rerun of
 * the recorded scenario writes another trace). What check refuses, export and {@code run --schedule} refuse too, and
 * the untouched trace reruns byte for byte.
 */
class TamperedTraceCorpusTest {

    private static final String TABLE = "expected-messages.txt";
    private static final String RERUN = "rerun-";

    /** One corpus entry: the exit code, the file name and the line a user checking it from its directory sees. */
    record Case(int exit, String fileName, String message) {
        @Override
        public String toString() {
            return fileName;
        }
    }

    @TempDir
    Path dir;

    static Path corpus() throws URISyntaxException {
        return Path.of(TamperedTraceCorpusTest.class.getResource("/tampered/" + TABLE).toURI()).getParent();
    }

    static List<Case> cases() throws IOException, URISyntaxException {
        try (Stream<String> lines = Files.lines(corpus().resolve(TABLE))) {
            return lines.filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> {
                        String message = line.substring(line.indexOf(' ') + 1);
                        return new Case(Integer.parseInt(line.substring(0, line.indexOf(' '))),
                                message.substring(0, message.indexOf(':')), message);
                    })
                    .toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void checkGivesEachTamperedTraceItsOneLine(Case c) throws URISyntaxException {
        Path file = corpus().resolve(c.fileName());
        Cli.Result result = c.fileName().startsWith(RERUN) ? Cli.run("check", file.toString(), "--rerun")
                : Cli.run("check", file.toString());
        assertEquals(c.exit(), result.exit(), result::toString);
        assertEquals(List.of(file + c.message().substring(c.fileName().length())), result.errLines(),
                result::toString);
    }

    @Test
    void exportAndAScheduleRefuseWhatCheckRefuses() throws URISyntaxException {
        Path file = corpus().resolve("seq-changed.jsonl");
        String line = file + ":12:1: not as a run writes it: seq 7 of /locks/one-client/_c_c1-lock-0000000000 is not "
                + "the number its name ends in (expected 0)";
        Cli.Result export = Cli.run("export", file.toString(), "--svg", dir.resolve("x.svg").toString());
        assertEquals(2, export.exit(), export::toString);
        assertEquals(List.of(line), export.errLines());
        assertFalse(Files.exists(dir.resolve("x.svg")));
        Cli.Result schedule = Cli.run("run", "01", "--schedule", file.toString());
        assertEquals(2, schedule.exit(), schedule::toString);
        assertEquals(List.of(line), schedule.errLines());
    }

    @Test
    void aTraceAsARunWroteItRerunsByteForByte() {
        Path trace = dir.resolve("t.jsonl");
        Cli.Result run = Cli.run("run", "01", "--algorithm", "sequential", "--trace", trace.toString());
        assertEquals(0, run.exit(), run::toString);
        Cli.Result rerun = Cli.run("check", trace.toString(), "--rerun");
        assertEquals(0, rerun.exit(), rerun::toString);
        assertEquals(List.of(trace + ": reproduced byte for byte by a new run of 01-one-client (sequential, seed 1, the "
                + "recorded schedule)"), rerun.out().lines().toList());
    }

    @Test
    void everyFileInTheCorpusHasItsLine() throws Exception {
        Set<String> listed = cases().stream().map(Case::fileName).collect(Collectors.toSet());
        try (Stream<Path> files = Files.list(corpus())) {
            assertEquals(files.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".jsonl"))
                    .collect(Collectors.toSet()), listed);
        }
        assertTrue(listed.size() >= 8, "a corpus of at least 8 traces");
    }
}
