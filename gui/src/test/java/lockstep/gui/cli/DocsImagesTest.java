package lockstep.gui.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/**
 * Every picture the pages show is made by {@code lockstep docs-images}: each picture a page in {@code docs/} (or the
 * README) links exists and is in {@link DocsPictures}, and each picture there is linked by some page.
 */
class DocsImagesTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** A Markdown link or image whose target is a picture: {@code ![..](images/x.png)}, {@code [..](x.svg)}. */
    private static final Pattern PICTURE_LINK = Pattern.compile("\\]\\(([^)\\s#]+\\.(?:png|svg|gif))\\)");

    @TempDir
    Path dir;

    @Test
    void everyLinkedPictureExistsAndIsMadeByTheCommand() throws IOException {
        Set<String> linked = linkedPictures();
        Set<String> listed = new TreeSet<>(DocsPictures.byPath().keySet());
        assertTrue(linked.size() >= 6, () -> "pictures linked: " + linked);
        for (String picture : linked) {
            assertTrue(Files.isRegularFile(ROOT.resolve(picture)), () -> picture + " is linked but does not exist");
        }
        Set<String> notListed = new TreeSet<>(linked);
        notListed.removeAll(listed);
        assertEquals(Set.of(), notListed, "linked pictures that lockstep docs-images does not make");
        Set<String> notLinked = new TreeSet<>(listed);
        notLinked.removeAll(linked);
        assertEquals(Set.of(), notLinked, "pictures lockstep docs-images makes that no page shows");
    }

    @Test
    void makesAPictureUnderTheRootGiven() throws IOException {
        Files.createDirectories(dir.resolve("docs/images"));
        Result result = run("docs-images", "--root", dir.toString(), "--only", "docs/images/herd-effect.png");
        assertEquals(0, result.exit(), result::toString);
        assertEquals("wrote docs/images/herd-effect.png  (lockstep render 02 --algorithm naive,sequential --step 11)\n",
                result.out());
        try (InputStream in = Files.newInputStream(dir.resolve("docs/images/herd-effect.png"))) {
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, in.readNBytes(4));
        }
    }

    @Test
    void badInputIsOneLine() {
        Result noDocs = run("docs-images", "--root", dir.toString());
        assertEquals(2, noDocs.exit(), noDocs::toString);
        assertEquals(List.of("lockstep docs-images: no docs/ directory in " + dir.toAbsolutePath()
                + " (run it from the project's root, or give --root DIR)"), noDocs.err().lines().toList());
        Result list = run("docs-images", "--list");
        assertEquals(0, list.exit(), list::toString);
        assertEquals(DocsPictures.all().size(), list.out().lines().count());
    }

    /** Root-relative paths of every picture linked from README.md and the pages under docs/. */
    static Set<String> linkedPictures() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        Set<String> linked = new TreeSet<>();
        for (Path page : pages) {
            Matcher m = PICTURE_LINK.matcher(Files.readString(page));
            while (m.find()) {
                if (m.group(1).contains("://")) {
                    continue;
                }
                Path target = page.getParent().resolve(m.group(1)).normalize();
                linked.add(ROOT.relativize(target).toString().replace('\\', '/'));
            }
        }
        return linked;
    }

    record Result(int exit, String out, String err) {
    }

    private static Result run(String... args) {
        CommandLine cli = Launcher.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}
