package lockstep.gui.site;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The page's Markdown as the site shows it: ids as GitHub gives them, links to pages, pictures with players. */
class MarkdownTest {

    @Test
    void headingsGetTheIdsGitHubGivesThem() {
        assertEquals("the-player-page", Markdown.slug("The player page"));
        assertEquals("lockstep-site-dir", Markdown.slug("`lockstep site DIR`"));
        assertEquals("02-the-herd-effect", Markdown.slug("02. The herd effect"));
        assertEquals("why-getdata-and-not-exists", Markdown.slug("Why getData, and not exists?"));
        Markdown.Page page = Markdown.render("docs/x.md", "# Title\n\n## Again\n\n## Again\n", p -> Optional.empty());
        assertEquals("Title", page.title());
        assertTrue(page.body().contains("<h2 id=\"again\">") && page.body().contains("<h2 id=\"again-1\">"),
                page.body());
    }

    @Test
    void linksToPagesBecomeHtmlAndOtherFilesAreNoted() {
        Markdown.Page page = Markdown.render("docs/course/02.md", """
                [cli](../cli.md#the-player-page), [web](https://zookeeper.apache.org/doc.md),
                [here](#below), [code](../examples/A.java), [top](../../README.md)
                """, p -> Optional.empty());
        assertTrue(page.body().contains("href=\"../cli.html#the-player-page\""), page.body());
        assertTrue(page.body().contains("href=\"https://zookeeper.apache.org/doc.md\""), page.body());
        assertTrue(page.body().contains("href=\"#below\""), page.body());
        assertTrue(page.body().contains("href=\"../../README.html\""), page.body());
        assertEquals(Set.of("docs/examples/A.java"), page.files());
        assertNull(Markdown.resolve("docs/x.md", "../../../outside.md"));
    }

    @Test
    void aPictureWithAPlayerOpensItAtItsBeat() {
        Markdown.Page page = Markdown.render("docs/course/02.md", "![three lanes](images/three.png)\n\n"
                + "![chart](../images/chart.svg)\n", p -> p.equals("docs/course/images/three.png")
                ? Optional.of("players/02--a--b.html#beat=11") : Optional.empty());
        String body = page.body();
        assertTrue(body.contains("<a href=\"../../players/02--a--b.html#beat=11\" "
                + "title=\"Open the live player at this moment\" class=\"figure\"><img src=\"images/three.png\""),
                body);
        assertTrue(body.contains("class=\"play\">▶ Play this moment</a>"), body);
        assertTrue(body.contains("<img src=\"../images/chart.svg\" alt=\"chart\" />"), body);
        assertEquals(Set.of("docs/course/images/three.png", "docs/images/chart.svg"), page.files());
    }
}
