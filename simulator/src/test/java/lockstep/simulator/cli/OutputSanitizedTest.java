package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceBuilder;
import lockstep.simulator.trace.TraceFiles;

/** Text from files reaches a terminal escaped and a spreadsheet inert. */
class OutputSanitizedTest {

    @TempDir
    Path dir;

    @Test
    void controlCharactersArePrintedEscapedNotObeyed() {
        assertEquals("\\u001b]0;owned\\u0007 title\tok", Printable.line("\u001b]0;owned\u0007 title\tok"));
        assertEquals("plain", Printable.line("plain"));
    }

    @Test
    void checkPrintsATracesTitleEscapedAndCsvCellsCannotBeFormulas() throws Exception {
        List<Event> events = new ArrayList<>(TraceBuilder.herd("c1").holding("c1").released("c1").ended().build());
        Event.RunStarted started = (Event.RunStarted) events.get(0);
        events.set(0, new Event.RunStarted(0, "=HYPERLINK(\"http://x\")", "\u001b[31mred\u001b[0m", "naive",
                started.seed(), started.lockPath(), started.clients(), started.fencing()));
        Path trace = dir.resolve("t.jsonl");
        TraceFiles.write(trace, events);

        Cli.Result check = Cli.run("check", trace.toString());
        assertEquals(0, check.exit(), check::toString);
        assertFalse(check.out().contains("\u001b"), check::toString);
        assertTrue(check.out().contains("\\u001b[31mred\\u001b[0m"), check::toString);

        Path csv = dir.resolve("m.csv");
        Cli.Result export = Cli.run("export", trace.toString(), "--csv", csv.toString());
        assertEquals(0, export.exit(), export::toString);
        String row = Files.readAllLines(csv).get(1);
        assertTrue(row.contains(",\"'=HYPERLINK(\"\"http://x\"\")\","), row);
    }
}
