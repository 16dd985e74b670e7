package lockstep.simulator.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.frame.Frames;
import lockstep.simulator.frame.FramesJson;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;

/**
 * The player page without a browser: one file whose data is the frames as {@link FramesJson} writes them, with the
 * captions in Chinese and Russian beside them, and which names nothing outside itself (no address, no link, no
 * {@code url(...)}, no import), and whose data cannot end its script element early.
 */
class PlayerPageTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void thePageCarriesTheFramesAndTheirCaptionsInEveryLanguageAndNamesNothingOutsideItself() throws Exception {
        Scenario scenario = Simulations.load("01");
        List<Event> trace = Simulations.run(scenario, "sequential", Simulations.seedFor(scenario, null));
        String page = PlayerPage.of(List.of(trace), scenario);
        assertTrue(page.startsWith("<!DOCTYPE html>"));
        // the SVG namespace is a name, never fetched; url(#id) names a marker inside the page
        String reaching = page.replace("\"http://www.w3.org/2000/svg\"", "").replace("url(#", "");
        for (String reaches : List.of("http:", "https:", "//cdn", "src=", "href=", "url(", "@import", "<link",
                "fetch(", "XMLHttpRequest", "WebSocket")) {
            assertFalse(reaching.contains(reaches), "the page names something outside itself: " + reaches);
        }
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"lockstep-data\">(.*?)</script>",
                Pattern.DOTALL).matcher(page);
        assertTrue(data.find(), "the page holds its data");
        JsonNode read = JSON.readTree(data.group(1));
        Frames frames = Frames.ofTraces(List.of(trace));
        assertEquals(frames.size(), read.get("frames").size());
        for (int b = 0; b < frames.size(); b++) {
            assertEquals(JSON.readTree(FramesJson.line(frames.at(b, 0))), read.get("frames").get(b).get(0));
            int beat = b;
            assertEquals(Texts.saying(Language.ZH, () -> frames.at(beat, 0).caption()),
                    read.get("captions").get("zh").get(b).get(0).asText());
            assertEquals(Texts.saying(Language.RU, () -> frames.at(beat, 0).caption()),
                    read.get("captions").get("ru").get(b).get(0).asText());
        }
        assertEquals(Language.EN, Texts.language(), "the process still speaks its own language");
    }

    @Test
    void noTextEndsTheDataEarly() {
        com.fasterxml.jackson.databind.node.ObjectNode data = JSON.createObjectNode();
        data.putObject("title").put("en", "</script><script>alert(1)</script><!--");
        String page = PlayerPage.html(data);
        int start = page.indexOf("id=\"lockstep-data\">");
        int end = page.indexOf("</script>", start);
        assertTrue(page.substring(start, end).contains("<\\/script>"), "escaped inside the data");
        assertFalse(page.substring(start, end).contains("<!--"));
        assertTrue(page.contains("<title>&lt;/script&gt;"), "escaped in the title");
    }
}
