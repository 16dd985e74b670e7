package lockstep.gui.site;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * One page of the docs in HTML, through the CommonMark library (with GitHub's tables), as the course site shows it.
 *
 * <p>Steps: parse the page; give every heading the id GitHub gives it (so {@code cli.md#the-player-page} still
 * lands); rewrite each relative link to a {@code .md} page to its {@code .html} page, and note every other file of
 * the repository a link or a picture names (the site copies it); put each picture that has a live player (the
 * {@code players} function, from the picture's path in the repository) inside a link to that player at the same
 * beat, with a "play" link under it; render. Guarantees: an address with a scheme ({@code https:}) is left as
 * written, and only as a link: a picture or a link never makes the page load anything from the network, as the
 * site's Content-Security-Policy forbids it anyway.
 */
final class Markdown {

    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();

    /** A page as HTML: its title (the first heading), its body, and the files of the repository it refers to. */
    record Page(String title, String body, Set<String> files) {
    }

    private Markdown() {
    }

    /**
     * The page {@code path} (from the repository's root, '/'-separated) of text {@code markdown}.
     *
     * @param players the live player of a picture, by the picture's path from the repository's root: its address
     *                from the site's root ({@code players/NAME.html#beat=K}), or empty
     */
    static Page render(String path, String markdown, Function<String, Optional<String>> players) {
        Node document = PARSER.parse(markdown);
        String home = "../".repeat(path.split("/").length - 1);
        Set<String> files = new TreeSet<>();
        Map<Node, String> ids = new IdentityHashMap<>();
        Set<Node> playLinks = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Node> figures = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        List<Link> links = new ArrayList<>();
        List<Image> images = new ArrayList<>();
        String[] title = {null};
        Map<String, Integer> slugs = new HashMap<>();
        document.accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                String text = textOf(heading);
                if (title[0] == null && heading.getLevel() == 1) {
                    title[0] = text;
                }
                ids.put(heading, unique(slug(text), slugs));
                visitChildren(heading);
            }

            @Override
            public void visit(Link link) {
                links.add(link);
                visitChildren(link);
            }

            @Override
            public void visit(Image image) {
                images.add(image);
                visitChildren(image);
            }
        });
        for (Link link : links) {
            link.setDestination(local(path, link.getDestination(), files));
        }
        for (Image image : images) {
            String target = resolve(path, image.getDestination());
            image.setDestination(local(path, image.getDestination(), files));
            Optional<String> player = target == null ? Optional.empty() : players.apply(target);
            if (player.isPresent() && !(image.getParent() instanceof Link)) {
                String href = home + player.get();
                Link around = new Link(href, "Open the live player at this moment");
                image.insertBefore(around);
                around.appendChild(image);
                Link play = new Link(href, null);
                play.appendChild(new Text("▶ Play this moment"));
                around.insertAfter(play);
                HtmlInline lineBreak = new HtmlInline();
                lineBreak.setLiteral("<br>");
                around.insertAfter(lineBreak);
                figures.add(around);
                playLinks.add(play);
            }
        }
        HtmlRenderer renderer = HtmlRenderer.builder().extensions(EXTENSIONS)
                .attributeProviderFactory(context -> (node, tag, attributes) -> {
                    if (node instanceof Heading && ids.containsKey(node)) {
                        attributes.put("id", ids.get(node));
                    } else if (playLinks.contains(node)) {
                        attributes.put("class", "play");
                    } else if (figures.contains(node)) {
                        attributes.put("class", "figure");
                    }
                }).build();
        String name = path.substring(path.lastIndexOf('/') + 1);
        return new Page(title[0] == null ? name : title[0], renderer.render(document), files);
    }

    /**
     * A link's address as the site has it: a page's {@code .md} becomes {@code .html}; a file of the repository is
     * noted in {@code files}; an address with a scheme, or only a fragment, is left alone.
     */
    private static String local(String page, String destination, Set<String> files) {
        String target = resolve(page, destination);
        if (target == null) {
            return destination;
        }
        int hash = destination.indexOf('#');
        String fragment = hash < 0 ? "" : destination.substring(hash);
        String address = hash < 0 ? destination : destination.substring(0, hash);
        if (address.endsWith(".md")) {
            return address.substring(0, address.length() - ".md".length()) + ".html" + fragment;
        }
        files.add(target);
        return destination;
    }

    /**
     * The repository path a relative address on {@code page} names ('/'-separated, from the root), or null for an
     * address with a scheme, one that starts with '/', only a fragment, or one that leaves the repository.
     */
    static String resolve(String page, String destination) {
        if (destination == null || destination.isEmpty() || destination.startsWith("#")
                || destination.startsWith("/") || destination.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            return null;
        }
        String address = destination.replaceFirst("[#?].*$", "");
        URI resolved = URI.create("file:/r/" + page).resolve(address.replace(" ", "%20")).normalize();
        String full = resolved.getPath();
        return full.startsWith("/r/") ? full.substring("/r/".length()) : null;
    }

    /** The id GitHub gives a heading: lower case, spaces to hyphens, other punctuation dropped. */
    static String slug(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.appendCodePoint(Character.toLowerCase(c));
            } else if (c == ' ') {
                out.append('-');
            }
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    private static String unique(String slug, Map<String, Integer> seen) {
        Integer times = seen.get(slug);
        seen.put(slug, times == null ? 1 : times + 1);
        return times == null ? slug : slug + "-" + times;
    }

    /** The text of a node as a reader sees it: its text and code, without markup. */
    private static String textOf(Node node) {
        StringBuilder text = new StringBuilder();
        node.accept(new AbstractVisitor() {
            @Override
            public void visit(Text t) {
                text.append(t.getLiteral());
            }

            @Override
            public void visit(Code c) {
                text.append(c.getLiteral());
            }
        });
        return text.toString();
    }
}
