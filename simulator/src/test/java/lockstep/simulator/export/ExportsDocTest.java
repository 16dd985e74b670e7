package lockstep.simulator.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.text.Language;
import lockstep.simulator.text.SimulatorTexts;

/**
 * docs/cli.md's {@code lockstep export} section lists exactly the registry's export options, in its order, in its
 * synopsis and its table of options, and every export has its help text in every language: adding a format is its
 * class, its registry entry, its texts and its docs line, and the page cannot drift from the registry.
 */
class ExportsDocTest {

    private static final Pattern ROW = Pattern.compile("^\\| `(--[a-z-]+) FILE` \\|", Pattern.MULTILINE);

    @Test
    void cliMdListsTheRegistrysExportOptions() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "cli.md"));
        int start = page.indexOf("\n## `lockstep export`");
        assertTrue(start >= 0, "docs/cli.md has no section ## `lockstep export`");
        int end = page.indexOf("\n## ", start + 1);
        String section = page.substring(start, end < 0 ? page.length() : end);
        List<String> expected = Exports.all().stream().map(Export::option).toList();

        List<String> rows = new ArrayList<>();
        Matcher row = ROW.matcher(section);
        while (row.find()) {
            rows.add(row.group(1));
        }
        assertEquals(expected, rows, "docs/cli.md's table of export options against the registry (Exports)");

        String synopsis = "lockstep export TRACE..." + String.join("",
                Exports.all().stream().map(e -> " [" + e.optionWithItsFile() + "]").toList());
        assertTrue(section.contains(synopsis), "docs/cli.md's export synopsis is not: " + synopsis);
    }

    @Test
    void everyExportHasItsHelpInEveryLanguage() {
        for (Export export : Exports.all()) {
            for (Language language : Language.values()) {
                assertTrue(SimulatorTexts.help(language).containsKey(export.helpKey()),
                        () -> export.helpKey() + " is missing in " + language);
            }
        }
    }
}
