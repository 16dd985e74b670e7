package lockstep.gui.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every example output in README.md and docs/ is produced by a test, not pasted by hand: the rule that
 * {@link DocsOutputsTest} holds the course to, for every page. Pure reading of the pages (no command runs).
 *
 * <p>Steps, page by page (outside the sections a test generates, {@code <!-- generated: ... -->} to
 * {@code <!-- end generated ... -->}): (1) a fence without a language is an output, so it carries a marker
 * ({@code output:}, run and compared by DocsOutputsTest; {@code checked:}, compared by the test it names;
 * {@code measured:} or {@code example:}, with a date; {@code file:}); commands are fenced {@code sh}, a synopsis or
 * a format {@code text}; (2) no block is a transcript ({@code $ command} lines mixed with output): the command goes
 * in an {@code sh} block and its output in a marked block of its own; (3) a {@code checked:} marker names a test
 * class that exists.
 */
class EveryDocsOutputIsMarkedTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyOutputBlockCarriesAMarker() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path page : DocsOutputsTest.pages()) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean generated = false;
            String marker = null;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                String where = ROOT.relativize(page) + ":" + (i + 1);
                if (line.startsWith("<!-- generated")) {
                    generated = true;
                } else if (line.startsWith("<!-- end generated")) {
                    generated = false;
                }
                Matcher m = DocsOutputsTest.MARKER.matcher(line);
                if (m.matches()) {
                    marker = m.group(2);
                    if (marker.equals("checked") && !testExists(m.group(3).strip())) {
                        problems.add(where + ": checked: names no test class " + m.group(3).strip());
                    }
                    continue;
                }
                Matcher fence = DocsOutputsTest.FENCE.matcher(line);
                if (!fence.matches()) {
                    if (!line.isBlank()) {
                        marker = null;
                    }
                    continue;
                }
                int close = i + 1;
                while (close < lines.size() && !lines.get(close).strip().equals("```")) {
                    close++;
                }
                if (!generated) {
                    if (fence.group(2).isEmpty() && marker == null) {
                        problems.add(where + ": an output without a marker (output:, checked:, measured:, example:"
                                + " or file:; a command is fenced sh, a synopsis text)");
                    }
                    for (String content : lines.subList(i + 1, Math.min(close, lines.size()))) {
                        if (content.strip().startsWith("$ ")) {
                            problems.add(where + ": a transcript ('" + content.strip() + "'): the command in an sh"
                                    + " block, its output in a marked block");
                            break;
                        }
                    }
                }
                marker = null;
                i = close;
            }
        }
        assertEquals(List.of(), problems, "example outputs in the docs that no test produces");
    }

    private static java.util.Set<String> testClasses;

    /** A test class of that simple name somewhere under a module's src/test/java (the trees walked once). */
    private static boolean testExists(String name) throws IOException {
        if (testClasses == null) {
            java.util.Set<String> names = new java.util.HashSet<>();
            for (String module : List.of("algorithms", "simulator", "gui")) {
                Path tests = ROOT.resolve(module).resolve("src/test/java");
                if (Files.isDirectory(tests)) {
                    try (Stream<Path> files = Files.walk(tests)) {
                        files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".java"))
                                .forEach(f -> names.add(f.substring(0, f.length() - ".java".length())));
                    }
                }
            }
            testClasses = names;
        }
        return testClasses.contains(name);
    }
}
