package lockstep.simulator.check;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * docs/reading-the-results.md explains every metric and every finding kind: a metric added to {@link Metrics} or an
 * invariant added to the {@link Checker} must get its section there.
 */
class ReadingTheResultsDocTest {

    private static String page() throws IOException {
        return Files.readString(Path.of("..", "docs", "reading-the-results.md"));
    }

    @Test
    void everyMetricHasASection() throws IOException {
        String page = page();
        for (RecordComponent metric : Metrics.class.getRecordComponents()) {
            String heading = "### `" + metric.getName() + "`";
            assertTrue(page.contains(heading), () -> "docs/reading-the-results.md has no section " + heading);
        }
    }

    @Test
    void everyFindingKindHasASection() throws IOException {
        String page = page();
        for (Invariant invariant : Checker.invariants()) {
            String heading = "### `" + invariant.kind() + "`" + (invariant.isNote() ? " (a note)" : "");
            assertTrue(page.contains(heading + "\n"), () -> "docs/reading-the-results.md has no section " + heading);
        }
    }
}
