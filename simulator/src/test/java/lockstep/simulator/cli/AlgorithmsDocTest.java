package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** docs/algorithms.md embeds the registry's listing; a new or renamed algorithm must show up there. */
class AlgorithmsDocTest {

    private static final String START = "<!-- generated: lockstep list --markdown -->\n";
    private static final String END = "<!-- end generated -->";

    @Test
    void theDocsListTheRegistry() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "algorithms.md"));
        int from = doc.indexOf(START) + START.length();
        int to = doc.indexOf(END);
        assertEquals(ListCommand.markdown(), doc.substring(from, to),
                "docs/algorithms.md is out of date: paste the output of 'lockstep list --markdown' between the markers");
    }
}
