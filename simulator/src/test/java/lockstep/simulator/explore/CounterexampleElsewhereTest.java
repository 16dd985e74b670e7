package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;

/**
 * A search's result is never lost to a place it cannot write: when the counterexample's files cannot go to the
 * directory asked for, they go to a directory of their own in the temp directory, and the counterexample says why.
 */
class CounterexampleElsewhereTest {

    @TempDir
    Path out;

    @Test
    void aReadOnlyFileInTheWaySendsTheFilesElsewhereAndSaysWhy() throws Exception {
        Scenario tiny = ScenarioLoader.parse("tiny.yaml", "title: tiny\nclients: 1\nscript:\n  - c1 acquire\n"
                + "  - c1 release\n");
        Candidate candidate = new Candidate(tiny.clients(), tiny.script(), new int[0]);
        Path inTheWay = out.resolve("naive-mutual-exclusion-seed1.yaml");
        Files.writeString(inTheWay, "an earlier finding, kept");
        Files.setPosixFilePermissions(inTheWay, PosixFilePermissions.fromString("r--r--r--"));

        Counterexample written = Counterexample.write(Algorithms.find("naive").orElseThrow(), 1, "mutual-exclusion",
                candidate, candidate, 0, out, 1, false);

        assertEquals(inTheWay + ": the file is read-only and is left as it is (a file you may write, another name, "
                + "or --force to replace it)", written.elsewhere());
        assertEquals("an earlier finding, kept", Files.readString(inTheWay));
        Path elsewhere = written.scenario().toAbsolutePath().getParent();
        try {
            assertTrue(elsewhere.getFileName().toString().startsWith("lockstep-explore-"), elsewhere::toString);
            assertTrue(Files.isRegularFile(written.scenario()) && Files.isRegularFile(written.trace()));
            assertTrue(written.replays(), "the files written elsewhere replay as the ones asked for would");
        } finally {
            try (Stream<Path> files = Files.list(elsewhere)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(elsewhere);
        }
        try (Stream<Path> left = Files.list(out)) {
            assertEquals(List.of(inTheWay), left.toList());
        }
    }

    @Test
    void filesThatGoWhereAskedSayNothing() throws Exception {
        Scenario tiny = ScenarioLoader.parse("tiny.yaml", "title: tiny\nclients: 1\nscript:\n  - c1 acquire\n"
                + "  - c1 release\n");
        Candidate candidate = new Candidate(tiny.clients(), tiny.script(), new int[0]);
        Counterexample written = Counterexample.write(Algorithms.find("naive").orElseThrow(), 1, "mutual-exclusion",
                candidate, candidate, 0, out, 1, false);
        assertNull(written.elsewhere());
        assertTrue(Files.isRegularFile(out.resolve("naive-mutual-exclusion-seed1.jsonl")));
    }
}
