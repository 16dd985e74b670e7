package lockstep.gui.site;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

import lockstep.simulator.files.SafeFiles;
import lockstep.simulator.scenario.BuiltInScenarios;

/**
 * The course as a static site ({@code lockstep site DIR}): the repository's Markdown pages as HTML at the same paths
 * ({@code docs/course/02-herd-effect.md} becomes {@code docs/course/02-herd-effect.html}, the root's
 * {@code README.md} {@code README.html}), the files they refer to copied beside them, the players under
 * {@value #PLAYERS}, and an {@code index.html} that lists the chapters, the built-in scenarios with their players,
 * the bug pages and the reference pages.
 *
 * <p>Steps: {@link #writeDocs} renders every page ({@link Markdown}), each picture that has a live player linked to
 * it, and copies what the pages name; {@link #writeIndex} then writes the index. Guarantees: every file goes
 * through {@link SafeFiles} (a temporary file, then a rename); the pages carry the player's Content-Security-Policy
 * ({@code default-src 'none'}: pictures from the site itself, styles inline, no script), so nothing in the site
 * reaches the network.
 */
public final class CourseSite {

    /** Where the players go, from the site's root. */
    public static final String PLAYERS = "players/";
    /** The file that marks a directory as a site this command made (so building again may write into it). */
    public static final String MARK = ".lockstep-site";

    /** One page of the docs as the site has it: its path in the site, and its title. */
    public record DocPage(String path, String title) {
    }

    /** A built-in scenario on the index: its pair of algorithms and its player (from the site's root), if built. */
    public record ScenarioEntry(BuiltInScenarios.BuiltIn builtIn, List<String> algorithms, Optional<String> player) {
    }

    private CourseSite() {
    }

    /**
     * Renders {@code README.md} and every {@code .md} under {@code docs/} of {@code root} into {@code out}, copies
     * the files they name, and returns the pages written, in path order.
     *
     * @param players the live player of a picture, by the picture's path from the root (see {@link Markdown})
     */
    public static List<DocPage> writeDocs(Path root, Path out, Function<String, Optional<String>> players)
            throws IOException {
        List<String> sources = new ArrayList<>();
        if (Files.isRegularFile(root.resolve("README.md"))) {
            sources.add("README.md");
        }
        try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
                    .map(p -> root.relativize(p).toString().replace('\\', '/')).sorted().forEach(sources::add);
        }
        List<DocPage> pages = new ArrayList<>();
        Set<String> named = new LinkedHashSet<>();
        for (String source : sources) {
            Markdown.Page page = Markdown.render(source, Files.readString(root.resolve(source)), players);
            String target = source.substring(0, source.length() - ".md".length()) + ".html";
            write(out.resolve(target), shell(page.title(), home(target), page.body()));
            pages.add(new DocPage(target, page.title()));
            named.addAll(page.files());
        }
        for (String file : named) {
            Path from = root.resolve(file);
            if (Files.isRegularFile(from)) {
                Path to = out.resolve(file);
                Files.createDirectories(to.getParent());
                SafeFiles.writeBytes(to, Files.readAllBytes(from));
            }
        }
        return pages;
    }

    /** Writes {@code index.html}: the course, the scenarios with their players, the bugs, the reference pages. */
    public static void writeIndex(Path out, List<DocPage> pages, List<ScenarioEntry> scenarios) throws IOException {
        StringBuilder body = new StringBuilder();
        body.append("<h1>Lockstep: distributed locks on ZooKeeper, run for real</h1>\n")
                .append("<p class=\"lead\">A course on the lock recipes of ZooKeeper and Apache Curator, built on ")
                .append("recorded runs against a real ZooKeeper server. Every chapter's picture opens a live player ")
                .append("of the same run at the same moment; every scenario below plays in the browser, with ")
                .append("nothing to install and no network.</p>\n");
        body.append("<h2 id=\"course\">The course</h2>\n<ul>\n");
        pages.stream().filter(p -> p.path().startsWith("docs/course/"))
                .sorted(Comparator.comparing(p -> p.path().endsWith("README.html") ? "" : p.path()))
                .forEach(p -> item(body, p));
        body.append("</ul>\n<h2 id=\"scenarios\">The built-in scenarios</h2>\n")
                .append("<p>Each plays with the two algorithms it compares best (Space plays, the arrows step, ")
                .append("<code>#beat=K</code> in the address opens a moment, <code>#lang=zh</code> or ")
                .append("<code>ru</code> another language). <code>./lockstep run ID --algorithm A,B</code> runs the ")
                .append("same on your machine.</p>\n<table class=\"scenarios\">\n<thead><tr><th>id</th><th>scenario</th>")
                .append("<th>algorithms</th><th>player</th></tr></thead>\n<tbody>\n");
        for (ScenarioEntry entry : scenarios) {
            BuiltInScenarios.BuiltIn b = entry.builtIn();
            body.append("<tr><td>").append(b.id()).append("</td><td>").append(escape(b.title()));
            for (String language : List.of("zh", "ru")) {
                String title = b.title(language);
                if (!title.equals(b.title())) {
                    body.append("<br><span class=\"other\" lang=\"").append(language).append("\">")
                            .append(escape(title)).append("</span>");
                }
            }
            body.append("</td><td class=\"pair\">");
            body.append(String.join(" · ", entry.algorithms().stream().map(a -> "<code>" + escape(a) + "</code>")
                    .toList()));
            body.append("</td><td>");
            entry.player().ifPresent(p -> body.append("<a class=\"play\" href=\"").append(escape(p))
                    .append("\">▶ Play</a>"));
            body.append("</td></tr>\n");
        }
        body.append("</tbody>\n</table>\n<h2 id=\"bugs\">The bug gallery</h2>\n<ul>\n");
        pages.stream().filter(p -> p.path().startsWith("docs/bugs/"))
                .sorted(Comparator.comparing(p -> p.path().endsWith("README.html") ? "" : p.path()))
                .forEach(p -> item(body, p));
        body.append("</ul>\n<h2 id=\"reference\">Reference</h2>\n<ul>\n");
        pages.stream().filter(p -> !p.path().startsWith("docs/course/") && !p.path().startsWith("docs/bugs/"))
                .forEach(p -> item(body, p));
        body.append("</ul>\n");
        write(out.resolve("index.html"), shell("The Lockstep course", "", body.toString()));
    }

    /**
     * Marks {@code out} as a site this command makes, before anything else is written into it: a build stopped half
     * way leaves a directory that the next build may still write into.
     */
    public static void mark(Path out) throws IOException {
        write(out.resolve(MARK), "Made by lockstep site: building the site again writes into this directory.\n");
    }

    private static void item(StringBuilder body, DocPage page) {
        body.append("<li><a href=\"").append(escape(page.path())).append("\">").append(escape(page.title()))
                .append("</a></li>\n");
    }

    /** The way from a page back to the site's root ({@code ../../} for {@code docs/course/x.html}). */
    static String home(String path) {
        return "../".repeat(path.split("/").length - 1);
    }

    /** A page of the site: the template with its title, its way home and its body. */
    static String shell(String title, String home, String body) {
        return resource("page.html").replace("/*@STYLE@*/", resource("site.css")).replace("@TITLE@", escape(title))
                .replace("@HOME@", home).replace("@BODY@", body);
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        SafeFiles.writeString(file, text);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String resource(String name) {
        try (InputStream in = CourseSite.class.getResourceAsStream("/lockstep/gui/site/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource /lockstep/gui/site/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
