package lockstep.gui.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.simulator.export.Chromium;
import picocli.CommandLine;

/**
 * {@code lockstep site}: the course site built from the repository's docs, with the players of scenario 03 only
 * ({@code --only 03}: one run of two lanes, the index's pair, which chapter 03's two pictures show too; the whole
 * site runs every built-in and is measured in docs/performance.md instead). Every internal link of every page resolves (a page's
 * anchor too), nothing is loaded from the network, every picture of scenario 02 opens its player at its beat, and a
 * chapter opened in a real Chromium from the disk logs no error and requests nothing but the site's own files.
 */
class SiteCommandTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern ADDRESS = Pattern.compile("<([a-z]+)\\b[^>]*?\\s(href|src)=\"([^\"]*)\"");
    private static final Pattern ID = Pattern.compile("\\sid=\"([^\"]+)\"");

    @TempDir
    static Path dir;
    private static Path site;
    private static DocsImagesTest.Result built;

    @BeforeAll
    static void buildTheSite() {
        site = dir.resolve("site");
        built = run("site", site.toString(), "--root", ROOT.toString(), "--only", "03");
    }

    @AfterAll
    static void noOneElse() {
        site = null;
    }

    @Test
    void theSiteIsBuiltAndSaysWhere() {
        assertEquals(0, built.exit(), built::toString);
        assertTrue(built.out().startsWith("wrote the site to " + site + ": "), built.out());
        assertTrue(Files.isRegularFile(site.resolve("index.html")));
        assertTrue(Files.isRegularFile(site.resolve(".lockstep-site")), "the mark that lets a build write again");
        assertTrue(Files.isRegularFile(site.resolve("docs/course/03-sequential-lock.html")));
        assertTrue(Files.isRegularFile(site.resolve("players/03-predecessor-chain--naive--sequential.html")));
    }

    @Test
    void everyInternalLinkResolvesAndNothingComesFromTheNetwork() throws IOException {
        assertEquals(0, built.exit(), built::toString);
        List<String> wrong = new ArrayList<>();
        Map<Path, Set<String>> ids = new HashMap<>();
        int links = 0;
        for (Path page : pages()) {
            String html = Files.readString(page);
            if (html.contains("<link") || html.matches("(?s).*url\\(\\s*['\"]?(https?:)?//.*")
                    || html.matches("(?s).*<script[^>]*\\ssrc=.*")) {
                wrong.add(site.relativize(page) + ": a stylesheet, url() or script from elsewhere");
            }
            Matcher m = ADDRESS.matcher(html);
            while (m.find()) {
                String tag = m.group(1);
                String address = m.group(3).replace("&amp;", "&");
                String where = site.relativize(page) + ": <" + tag + " " + m.group(2) + "=\"" + address + "\">";
                if (address.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*") || address.startsWith("//")) {
                    if (!tag.equals("a") || !address.startsWith("https://") && !address.startsWith("http://")
                            && !address.startsWith("mailto:")) {
                        wrong.add(where + " loads from elsewhere");
                    }
                    continue;
                }
                links++;
                int hash = address.indexOf('#');
                String file = hash < 0 ? address : address.substring(0, hash);
                String fragment = hash < 0 ? "" : address.substring(hash + 1);
                Path target = file.isEmpty() ? page : page.getParent().resolve(URI.create(file).getPath())
                        .normalize();
                if (!target.startsWith(site) || !Files.isRegularFile(target)) {
                    wrong.add(where + " names no file of the site");
                } else if (!fragment.isEmpty() && !target.startsWith(site.resolve("players"))
                        && !ids.computeIfAbsent(target, SiteCommandTest::ids).contains(fragment)) {
                    wrong.add(where + " names no id of its page");
                } else if (target.startsWith(site.resolve("players")) && !fragment.isEmpty()
                        && !fragment.matches("beat=\\d+")) {
                    wrong.add(where + " opens a player at no beat");
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(links > 200, "links checked: " + links);
    }

    @Test
    void everyPictureOfTheRunsBuiltOpensItsPlayer() throws IOException {
        assertEquals(0, built.exit(), built::toString);
        // the pictures docs-images draws from scenario 03, and the page that shows each
        int pictures = 0;
        for (DocsPictures.Picture picture : DocsPictures.all()) {
            if (!picture.command().get(0).equals("render") || !picture.command().get(1).equals("03")) {
                continue;
            }
            String name = Path.of(picture.path()).getFileName().toString();
            boolean linked = false;
            for (Path page : pages()) {
                Matcher m = Pattern.compile("<a href=\"([^\"]*players/03-predecessor-chain--[^\"]*#beat=(\\d+))\"[^>]*"
                        + "class=\"figure\"><img src=\"[^\"]*" + Pattern.quote(name) + "\"")
                        .matcher(Files.readString(page));
                if (m.find()) {
                    linked = true;
                    int at = picture.command().indexOf("--step");
                    if (at > 0) {
                        assertEquals(picture.command().get(at + 1), m.group(2), picture.path());
                    }
                }
            }
            assertTrue(linked, picture.path() + " is shown with a link to its player");
            pictures++;
        }
        assertTrue(pictures >= 2, "pictures of scenario 03: " + pictures);
    }

    @Test
    void aChapterOpensInChromiumAndItsPictureOpensThePlayerAtItsBeat() throws Exception {
        assertEquals(0, built.exit(), built::toString);
        Optional<Path> chromium = Chromium.findOrInstall();
        if (chromium.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail(Chromium.HOW_TO_INSTALL);
            }
            Assumptions.abort(Chromium.HOW_TO_INSTALL);
        }
        Path shots = Path.of("target", "site-screenshots");
        Files.createDirectories(shots);
        String own = site.toUri().toString();
        try (Chromium browser = Chromium.start(chromium.get(), 1600, 1000)) {
            for (String domain : List.of("Page.enable", "Runtime.enable", "Log.enable", "Network.enable")) {
                browser.call(domain);
            }
            browser.open(site.resolve("index.html").toUri().toString());
            Files.write(shots.resolve("index.png"), browser.screenshot());
            browser.open(site.resolve("docs/course/03-sequential-lock.html").toUri().toString());
            Files.write(shots.resolve("03-sequential-lock.png"), browser.screenshot());
            assertEquals(0, browser.evaluate("Array.from(document.images).filter(i => !i.complete "
                    + "|| i.naturalWidth === 0).length").asInt(), "every picture of the chapter is drawn");
            String player = browser.evaluate("document.querySelector('a.figure').href").asText();
            int beat = Integer.parseInt(player.replaceFirst("^.*#beat=", ""));
            browser.open(player);
            assertEquals(beat, browser.evaluate("window.lockstep.beat()").asInt(), "the player opens at " + player);
            assertEquals(List.of(), browser.problems(url -> url.startsWith(own)));
        }
    }

    @Test
    void aDirectoryOfOtherThingsOrAFileIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "mine");
        DocsImagesTest.Result onAFile = run("site", file.toString(), "--root", ROOT.toString(), "--only", "03");
        assertEquals(2, onAFile.exit(), onAFile::toString);
        assertEquals(List.of("lockstep site: " + file + " is a file (expected a directory for the site, made if "
                + "missing)"), onAFile.err().lines().toList());
        Path full = Files.createDirectories(dir.resolve("full"));
        Files.writeString(full.resolve("notes.txt"), "mine");
        DocsImagesTest.Result onOthers = run("site", full.toString(), "--root", ROOT.toString());
        assertEquals(2, onOthers.exit(), onOthers::toString);
        assertEquals(List.of("lockstep site: " + full + " is not empty and holds no site made by lockstep site "
                + "(expected a new or empty directory, or a site to build again)"), onOthers.err().lines().toList());
        assertEquals("mine", Files.readString(full.resolve("notes.txt")));
        DocsImagesTest.Result unknown = run("site", dir.resolve("new").toString(), "--root", ROOT.toString(), "--only",
                "99");
        assertEquals(2, unknown.exit(), unknown::toString);
        assertTrue(unknown.err().startsWith("--only: no built-in scenario '99'"), unknown.err());
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.walk(site)) {
            return files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
    }

    private static Set<String> ids(Path page) {
        Set<String> ids = new HashSet<>();
        try {
            Matcher m = ID.matcher(Files.readString(page));
            while (m.find()) {
                ids.add(m.group(1));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return ids;
    }

    private static DocsImagesTest.Result run(String... args) {
        CommandLine cli = Launcher.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new DocsImagesTest.Result(exit, out.toString(), err.toString());
    }
}
