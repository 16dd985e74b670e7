package lockstep.gui.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import picocli.CommandLine;

/**
 * Every command output pasted in {@code docs/} is what the command prints today: the pages mark each pasted output
 * with an HTML comment just before its fence, and this test runs the command and compares, so a page cannot drift
 * from the tool. It finds the marked blocks itself, in every Markdown page under {@code docs/} and the README.
 *
 * <p>The markers, each on the line just before a fence (blank lines between are allowed):
 * <ul>
 *   <li>{@code <!-- output: COMMAND LINE -->}: the block is the standard output of the command line's last command,
 *       compared line by line (trailing spaces ignored). The command line is one a reader can paste into a shell:
 *       commands separated by {@code ;}, each a pipeline of stages separated by {@code |}; a stage is
 *       {@code lockstep ARGS [2>&1]} (run in-process, as {@code ./lockstep} would; {@code 2>&1} to show its error
 *       message too), {@code grep 'TEXT' [FILE]} (a fixed
 *       string) or {@code cat FILE}. Paths under {@code /tmp/} and files a page declares ({@code file:}) live in a
 *       fresh directory, and are written back as the page names them in the output.</li>
 *   <li>{@code <!-- checked: TEST -->}: a block another test compares with the program (the trace lines of
 *       docs/trace-format.md, a sentence of explore's): not run here; the marker names the test class, which must
 *       exist.</li>
 *   <li>{@code <!-- file: NAME -->}: the block is a file the reader saves as {@code NAME} (a scenario the page's
 *       commands then run): the test saves it too, so the page runs what it shows.</li>
 *   <li>{@code <!-- measured: COMMAND, DATE, MACHINE -->}: figures that depend on timing (a benchmark, a wall clock):
 *       not compared; the marker must say when (a date, {@code 2026-11-23}) they were measured.</li>
 *   <li>{@code <!-- example: WHY, DATE -->}: an output from a setup the test cannot make (a ZooKeeper the reader
 *       starts by hand): not compared; the marker says why and when.</li>
 * </ul>
 * In the course's chapters an output block (a fence without a language) right after a shell block must carry one of
 * the markers: an output pasted by hand fails the test. To write every {@code output:} block again after a change,
 * run this test with {@code -Dlockstep.regenerate=true}:
 * <pre>mvn -B -ntp -pl algorithms,simulator,gui -Dtest=DocsOutputsTest -Dsurefire.failIfNoSpecifiedTests=false -Dlockstep.regenerate=true verify</pre>
 */
class DocsOutputsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Pattern MARKER = Pattern.compile("^(\\s*)<!-- (output|measured|example|file|checked): (.*?) -->\\s*$");
    static final Pattern FENCE = Pattern.compile("^(\\s*)```(\\S*)\\s*$");
    private static final Pattern DATE = Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}\\b");

    @TempDir
    Path work;

    /** One fenced block: its page, where its content starts and ends (line indexes), its indent, its marker. */
    record Block(Path page, int marker, int first, int end, String indent, String kind, String argument,
            String language, List<String> content) {

        String where() {
            return ROOT.relativize(page) + ":" + (marker + 1);
        }
    }

    private Language before;

    /** The pages are in English: whatever the machine's locale, the commands print English here. */
    @BeforeEach
    void inEnglish() {
        before = Texts.language();
        Texts.use(Language.EN);
    }

    @AfterEach
    void languageAsBefore() {
        Texts.use(before);
    }

    @Test
    void everyMarkedOutputIsWhatTheCommandPrints() throws IOException {
        boolean regenerate = Boolean.getBoolean("lockstep.regenerate");
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (Path page : pages()) {
            if (translation(page) == null) {
                compared += comparePage(page, regenerate, differences);
            }
        }
        assertTrue(compared >= 10, "marked outputs compared: " + compared);
        assertEquals(List.of(), differences, "outputs in docs/ that differ from what the commands print: run"
                + " DocsOutputsTest with -Dlockstep.regenerate=true to write them again");
    }

    /** Runs the page's marked commands; returns how many it compared. Regenerating, rewrites each stale block. */
    private int comparePage(Path page, boolean regenerate, List<String> differences) throws IOException {
        int compared = 0;
        while (true) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            List<Block> blocks = blocks(page, lines);
            Path dir = Files.createTempDirectory(work, "page");
            for (Block block : blocks) {
                if (block.kind().equals("file")) {
                    Path file = dir.resolve(block.argument());
                    Files.createDirectories(file.getParent());
                    Files.writeString(file, String.join("\n", block.content()) + "\n");
                }
            }
            boolean changed = false;
            for (Block block : blocks) {
                if (block.kind().equals("measured") || block.kind().equals("example")) {
                    assertTrue(DATE.matcher(block.argument()).find(),
                            () -> block.where() + ": an output not compared says when it was made (a date)");
                }
                if (!block.kind().equals("output")) {
                    continue;
                }
                List<String> expected = normalized(new CommandLineRun(dir).run(block.argument(), block.where()));
                List<String> actual = normalized(block.content());
                compared++;
                if (expected.equals(actual)) {
                    continue;
                }
                if (regenerate) {
                    for (int i = block.end() - 1; i >= block.first(); i--) {
                        lines.remove(i);
                    }
                    List<String> indented = expected.stream()
                            .map(l -> l.isEmpty() ? "" : block.indent() + l).toList();
                    lines.addAll(block.first(), indented);
                    changed = true;
                    break;
                }
                differences.add(block.where() + ": `" + block.argument() + "` prints\n" + String.join("\n", expected)
                        + "\nbut the page shows\n" + String.join("\n", actual));
            }
            if (!changed) {
                return compared;
            }
            // a page with several stale blocks is rewritten one block per pass (the later blocks moved)
            write(page, lines);
            compared = 0;
        }
    }

    /**
     * A chapter translated ({@code docs/course/zh/}, {@code docs/course/ru/}) shows the English chapter's marked blocks,
     * the same in the same order: its commands and outputs are the English page's (checked above), never run twice.
     */
    @Test
    void aTranslatedChapterShowsTheEnglishChaptersMarkedBlocks() throws IOException {
        int translated = 0;
        for (Path page : pages()) {
            Path english = translation(page);
            if (english == null) {
                continue;
            }
            translated++;
            assertTrue(Files.isRegularFile(english), () -> ROOT.relativize(page) + ": no English chapter " + english);
            assertEquals(shown(english), shown(page), () -> ROOT.relativize(page)
                    + ": its marked blocks differ from the English chapter's (copy them as they are)");
        }
        assertTrue(translated >= 2, "translated chapters: " + translated);
    }

    /** The English chapter a translated one renders, or null for a page that is no translation. */
    private static Path translation(Path page) {
        Path course = ROOT.resolve("docs/course");
        for (String language : List.of("zh", "ru")) {
            if (page.getParent().equals(course.resolve(language))) {
                return course.resolve(page.getFileName());
            }
        }
        return null;
    }

    /** What a page's marked blocks show: kind, argument, language and content of each, in order. */
    private static List<String> shown(Path page) throws IOException {
        return blocks(page, Files.readAllLines(page, StandardCharsets.UTF_8)).stream()
                .map(b -> b.kind() + " " + b.argument() + " " + b.language() + "\n" + String.join("\n", b.content()))
                .toList();
    }

    @Test
    void noOutputInTheCourseIsPastedByHand() throws IOException {
        List<String> unmarked = new ArrayList<>();
        for (Path page : pages()) {
            if (!page.startsWith(ROOT.resolve("docs/course"))) {
                continue;
            }
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            String previousLanguage = null;
            boolean markedNext = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (MARKER.matcher(line).matches()) {
                    markedNext = true;
                    continue;
                }
                Matcher fence = FENCE.matcher(line);
                if (fence.matches()) {
                    int close = closing(lines, i);
                    if (fence.group(2).isEmpty() && "sh".equals(previousLanguage) && !markedNext) {
                        unmarked.add(ROOT.relativize(page) + ":" + (i + 1));
                    }
                    previousLanguage = fence.group(2);
                    markedNext = false;
                    i = close;
                } else if (!line.isBlank()) {
                    previousLanguage = null;
                    markedNext = false;
                }
            }
        }
        assertEquals(List.of(), unmarked, "outputs after a shell block without an output:, measured: or example:"
                + " marker");
    }

    @Test
    void theCommandLinesRunAsAShellWouldRunThem() throws IOException {
        Files.writeString(work.resolve("t.txt"), "a b\nc \"x\" d\nb\n");
        CommandLineRun shell = new CommandLineRun(work);
        assertEquals(List.of("c \"x\" d"), shell.run("grep '\"x\"' t.txt", "test"));
        assertEquals(List.of("a b"), shell.run("cat t.txt | grep 'a' | grep ' b'", "test"));
        assertEquals(List.of("lockstep 0.1.0"), shell.run("lockstep --version; grep 'zzz' t.txt; lockstep --version",
                "test"));
        assertEquals(List.of("nothing.yaml:1:1: cannot read the file (no such file)"),
                shell.run("lockstep run nothing.yaml 2>&1", "test"));
    }

    /** The Markdown pages under docs/, and the README. */
    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The marked blocks of a page, in order. */
    static List<Block> blocks(Path page, List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher marker = MARKER.matcher(lines.get(i));
            if (!marker.matches()) {
                continue;
            }
            int open = i + 1;
            while (open < lines.size() && lines.get(open).isBlank()) {
                open++;
            }
            Matcher fence = open < lines.size() ? FENCE.matcher(lines.get(open)) : null;
            if (fence == null || !fence.matches()) {
                fail(ROOT.relativize(page) + ":" + (i + 1) + ": a marker must be followed by a fenced block");
            }
            int close = closing(lines, open);
            if (close >= lines.size()) {
                fail(ROOT.relativize(page) + ":" + (open + 1) + ": the block is not closed");
            }
            String indent = fence.group(1);
            List<String> content = new ArrayList<>();
            for (String line : lines.subList(open + 1, close)) {
                content.add(line.startsWith(indent) ? line.substring(indent.length()) : line.strip());
            }
            blocks.add(new Block(page, i, open + 1, close, indent, marker.group(2), marker.group(3).strip(),
                    fence.group(2), content));
            i = close;
        }
        return blocks;
    }

    private static int closing(List<String> lines, int open) {
        int close = open + 1;
        while (close < lines.size() && !lines.get(close).strip().equals("```")) {
            close++;
        }
        return close;
    }

    private static List<String> normalized(List<String> lines) {
        List<String> out = new ArrayList<>(lines.stream().map(String::stripTrailing).toList());
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    private static void write(Path page, List<String> lines) throws IOException {
        Path temp = page.resolveSibling("." + page.getFileName() + ".regenerated.tmp");
        Files.writeString(temp, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        Files.move(temp, page, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * A shell's worth of command line for the pages: {@code ;} and {@code |}, single and double quotes,
     * {@code lockstep}, {@code grep 'TEXT' [FILE]} and {@code cat FILE}; paths under /tmp/ and relative files in one
     * directory.
     */
    static final class CommandLineRun {

        /** What each pure command printed (its words, then "2>&1" or ""), for the pages that show it again. */
        private static final java.util.Map<List<String>, List<String>> PRINTED = new java.util.HashMap<>();

        private final Path dir;

        CommandLineRun(Path dir) {
            this.dir = dir;
        }

        /** The standard output of the last command, as lines, with the directory's paths written as the page's. */
        List<String> run(String commandLine, String where) throws IOException {
            List<String> out = List.of();
            for (String command : split(commandLine, ';')) {
                List<String> input = null;
                for (String stage : split(command, '|')) {
                    input = stage(words(stage), input, where);
                }
                out = input;
            }
            String tmp = dir.resolve("tmp") + "/";
            String here = dir + "/";
            String root = ROOT + "/";
            return out.stream().map(l -> l.replace(tmp, "/tmp/").replace(here, "").replace(root, "")).toList();
        }

        private List<String> stage(List<String> words, List<String> input, String where) throws IOException {
            String program = words.get(0);
            // 2>&1: the error stream too, where a page shows an error message (exit code 2 is then expected)
            boolean withErrors = words.get(words.size() - 1).equals("2>&1");
            List<String> args = words.subList(1, words.size() - (withErrors ? 1 : 0)).stream().map(this::path)
                    .toList();
            switch (program) {
                case "lockstep", "./lockstep" -> {
                    // A command that reads and writes no file (a built-in run, a help) prints the same each time:
                    // pages that show the same run (a bug's page and the course's chapter) share one run per JVM.
                    boolean pure = args.stream().noneMatch(a -> a.contains("/") || a.contains("."));
                    List<String> key = new ArrayList<>(args);
                    key.add(withErrors ? "2>&1" : "");
                    if (pure && PRINTED.containsKey(key)) {
                        return PRINTED.get(key);
                    }
                    CommandLine cli = Launcher.commandLine();
                    StringWriter out = new StringWriter();
                    StringWriter err = new StringWriter();
                    cli.setOut(new PrintWriter(out, true));
                    cli.setErr(new PrintWriter(withErrors ? out : err, true));
                    int exit = cli.execute(args.toArray(String[]::new));
                    assertTrue(exit <= (withErrors ? 2 : 1), () -> where + ": lockstep " + String.join(" ", args)
                            + " exited " + exit + ": " + err + out);
                    List<String> printed = out.toString().lines().toList();
                    if (pure) {
                        PRINTED.put(key, printed);
                    }
                    return printed;
                }
                case "grep" -> {
                    String text = args.get(0);
                    List<String> lines = args.size() > 1 ? Files.readAllLines(Path.of(args.get(1))) : input;
                    return lines.stream().filter(l -> l.contains(text)).toList();
                }
                case "cat" -> {
                    return Files.readAllLines(Path.of(args.get(0)));
                }
                default -> throw new AssertionError(where + ": the docs' command lines know lockstep, grep and cat,"
                        + " not " + program);
            }
        }

        /** /tmp/X and a relative file that exists in the directory (or will: a trace) point into the directory. */
        private String path(String word) {
            if (word.startsWith("/tmp/")) {
                Path file = dir.resolve("tmp").resolve(word.substring("/tmp/".length()));
                try {
                    Files.createDirectories(file.getParent());
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                return file.toString();
            }
            if (!word.startsWith("-") && Files.exists(dir.resolve(word)) && !word.isEmpty()) {
                return dir.resolve(word).toString();
            }
            if (!word.startsWith("-") && word.contains("/") && Files.isRegularFile(ROOT.resolve(word))) {
                return ROOT.resolve(word).toString(); // a file of the repository (docs/examples/...), as from its root
            }
            return word;
        }

        /** The parts of {@code text} between unquoted {@code separator}s, trimmed. */
        private static List<String> split(String text, char separator) {
            List<String> parts = new ArrayList<>();
            StringBuilder part = new StringBuilder();
            char quote = 0;
            for (char c : text.toCharArray()) {
                if (quote == 0 && c == separator) {
                    parts.add(part.toString().strip());
                    part.setLength(0);
                    continue;
                }
                if (quote == 0 && (c == '\'' || c == '"')) {
                    quote = c;
                } else if (c == quote) {
                    quote = 0;
                }
                part.append(c);
            }
            parts.add(part.toString().strip());
            return parts.stream().filter(p -> !p.isEmpty()).toList();
        }

        /** A stage's words, quotes removed as a shell does. */
        private static List<String> words(String stage) {
            List<String> words = new ArrayList<>();
            StringBuilder word = new StringBuilder();
            boolean inWord = false;
            char quote = 0;
            for (char c : stage.toCharArray()) {
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    } else {
                        word.append(c);
                    }
                } else if (c == '\'' || c == '"') {
                    quote = c;
                    inWord = true;
                } else if (Character.isWhitespace(c)) {
                    if (inWord) {
                        words.add(word.toString());
                        word.setLength(0);
                        inWord = false;
                    }
                } else {
                    word.append(c);
                    inWord = true;
                }
            }
            if (inWord) {
                words.add(word.toString());
            }
            return words;
        }
    }

}
