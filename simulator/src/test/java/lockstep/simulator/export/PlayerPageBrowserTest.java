package lockstep.simulator.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import com.fasterxml.jackson.databind.JsonNode;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.check.Finding;
import lockstep.simulator.frame.Arrow;
import lockstep.simulator.frame.Card;
import lockstep.simulator.frame.Frames;
import lockstep.simulator.frame.LaneFrame;
import lockstep.simulator.frame.Row;
import lockstep.simulator.replay.Beats;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.GalleryRuns;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.Showcase;
import lockstep.simulator.trace.Event;

/**
 * The player page in a real browser (headless Chromium, {@link Chromium}), one browser session for every check. For
 * every built-in scenario, its page (two lanes: the pair {@link lockstep.simulator.scenario.Showcase} gives it, as
 * the course site shows it) is at most 2 MB, and opened from the disk at {@code #beat=K} it shows
 * beat K, its DOM stating what the frame model says of beat K: the holders, the watches, the clients' states and
 * looks, the held cards, the captions, the counters, the failure banner. On the herd page the keys move the cursor as
 * the window's do, P switches projection mode, {@code #lang=zh} shows the captions in Chinese, and playing moves the beat. After every test: no
 * console error, no exception, and no request but the pages' own files. Screenshots of a few pages at 1920x1080 are
 * left in {@code target/player-screenshots/} to be looked at.
 *
 * <p>A missing browser is installed when the tests run as root with apt-get ({@link Chromium#findOrInstall}); without
 * one the tests are skipped, saying how to install one; with {@code CI} set they fail instead.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PlayerPageBrowserTest {

    private static final long MOST_BYTES = 2L * 1024 * 1024;
    private static final List<String> SCREENSHOTS = List.of("02-herd-effect", "10-paused-holder-unfenced",
            "16-bug-name-sort", "23-leader-dies");

    private static Chromium browser;
    private static Path pages;
    private static Path shots;
    private static final Map<String, Frames> FRAMES = new LinkedHashMap<>();
    private static final List<String> OPENED = new ArrayList<>();

    @BeforeAll
    static void startTheBrowser() throws Exception {
        Optional<Path> chromium = Chromium.findOrInstall();
        if (chromium.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail(Chromium.HOW_TO_INSTALL);
            }
            Assumptions.abort(Chromium.HOW_TO_INSTALL);
        }
        pages = Files.createTempDirectory("lockstep-pages-");
        shots = Path.of("target", "player-screenshots");
        Files.createDirectories(shots);
        browser = Chromium.start(chromium.get(), 1920, 1080);
        browser.call("Page.enable");
        browser.call("Runtime.enable");
        browser.call("Log.enable");
        browser.call("Network.enable");
        browser.call("Emulation.setDeviceMetricsOverride", Chromium.params().put("width", 1920)
                .put("height", 1080).put("deviceScaleFactor", 1).put("mobile", false));
    }

    @AfterAll
    static void stopTheBrowser() throws Exception {
        if (browser != null) {
            browser.close();
        }
        if (pages != null) {
            try (var files = Files.walk(pages)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** No console error, no exception, no request but the pages' own files, whatever the test did. */
    @AfterEach
    void nothingWentWrongAndNothingWasFetched() {
        List<String> wrong = browser.problems(OPENED::contains);
        assertEquals(List.of(), wrong);
    }

    @Test
    @Order(1)
    void everyBuiltInsPageStatesWhatItsFramesSayAtABeat() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (BuiltInScenarios.BuiltIn builtIn : BuiltInScenarios.list()) {
            Path page = page(builtIn);
            long bytes = Files.size(page);
            if (bytes > MOST_BYTES) {
                wrong.add(builtIn.name() + ": the page has " + bytes + " bytes");
            }
            Frames frames = FRAMES.get(builtIn.name());
            int middle = frames.size() / 2;
            open(page, "#beat=" + middle);
            wrong.addAll(differences(builtIn.name(), frames, middle));
            if (SCREENSHOTS.contains(builtIn.name())) {
                Files.write(shots.resolve(builtIn.name() + ".png"), browser.screenshot());
            }
            // the last beat: every finding of the run is on screen by then
            int last = frames.size() - 1;
            moveTo("#beat=" + last);
            wrong.addAll(differences(builtIn.name(), frames, last));
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    @Order(2)
    void theKeysMoveTheCursorAsTheWindowsDo() throws Exception {
        BuiltInScenarios.BuiltIn herd = BuiltInScenarios.list().get(1);
        Path page = page(herd);
        Beats beats = FRAMES.get(herd.name()).beats();
        open(page, "#beat=11");
        assertEquals(11, beat(), "#beat=11 opens beat 11");
        browser.press("ArrowRight", "ArrowRight", 39, false);
        assertEquals(12, beat(), "Right: one beat on");
        browser.press("ArrowLeft", "ArrowLeft", 37, false);
        assertEquals(11, beat(), "Left: one beat back");
        int step = beats.beat(11).step();
        browser.press("ArrowRight", "ArrowRight", 39, true);
        assertEquals(beats.lastBeatOfStep(step + 1), beat(), "Shift+Right: the end of the next script line");
        browser.press("ArrowLeft", "ArrowLeft", 37, true);
        assertEquals(beats.lastBeatOfStep(step), beat(), "Shift+Left: the end of the previous one");
        browser.press("End", "End", 35, false);
        assertEquals(beats.size() - 1, beat(), "End: the last beat");
        assertTrue(browser.evaluate("location.hash").asText().startsWith("#beat=" + (beats.size() - 1)),
                "the address follows the beat");
        browser.press("Home", "Home", 36, false);
        assertEquals(0, beat(), "Home: the first beat");
        browser.press(" ", "Space", 32, false);
        assertTrue(browser.evaluate("window.lockstep.playing()").asBoolean(), "Space plays");
        // playing moves the beat on by itself: wait (in the page, until the browser's timeout) for it to leave 0
        int moved = browser.evaluate("new Promise(done => { const seen = () => window.lockstep.beat() > 0 "
                + "? done(window.lockstep.beat()) : setTimeout(seen, 20); seen(); })").asInt();
        assertTrue(moved > 0, "playing moved the beat");
        // (outside projection playback runs to the end, as the window's does: it may have got there by now)
        boolean playing = browser.evaluate("window.lockstep.playing()").asBoolean();
        if (playing) {
            browser.press("ArrowRight", "ArrowRight", 39, false);
            assertFalse(browser.evaluate("window.lockstep.playing()").asBoolean(), "a step key pauses");
            playing = false;
        }
        browser.press(" ", "Space", 32, false);
        assertEquals(!playing, browser.evaluate("window.lockstep.playing()").asBoolean(), "Space again toggles");
        browser.press("p", "KeyP", 80, false);
        assertTrue(browser.evaluate("document.body.classList.contains('projection')").asBoolean(), "P: projection");
        Files.write(shots.resolve("02-herd-effect-projection.png"), browser.screenshot());
        browser.press("p", "KeyP", 80, false);
        assertTrue(!browser.evaluate("document.body.classList.contains('projection')").asBoolean(), "P again: off");
    }

    @Test
    @Order(3)
    void theAddressOpensABeatInALanguage() throws Exception {
        BuiltInScenarios.BuiltIn herd = BuiltInScenarios.list().get(1);
        Path page = page(herd);
        Frames frames = FRAMES.get(herd.name());
        open(page, "#beat=11&lang=zh");
        assertEquals(11, beat());
        assertEquals("zh", browser.evaluate("window.lockstep.language()").asText());
        for (int lane = 0; lane < frames.lanes().size(); lane++) {
            int l = lane;
            String chinese = Texts.saying(Language.ZH, () -> frames.at(11, l).caption());
            assertEquals(chinese, text("#caption-" + lane), "lane " + lane + "'s caption in Chinese");
        }
        Files.write(shots.resolve("02-herd-effect-zh.png"), browser.screenshot());
        moveTo("#beat=11&lang=ru");
        String russian = Texts.saying(Language.RU, () -> frames.at(11, 0).caption());
        assertEquals(russian, text("#caption-0"), "and in Russian");
    }

    /**
     * The player's script passes its own tests ({@code src/test/js/player.test.js}: words, colours, the cursor and
     * the address), run inside a page of the herd in this browser.
     */
    @Test
    @Order(4)
    void thePlayersScriptPassesItsOwnTests() throws Exception {
        open(page(BuiltInScenarios.list().get(1)), "#beat=0");
        String tests = Files.readString(Path.of("src", "test", "js", "player.test.js"), StandardCharsets.UTF_8);
        JsonNode failures = browser.evaluate(tests);
        assertTrue(failures.isArray(), () -> "the tests gave no list: " + failures);
        assertEquals(List.of(), strings(failures));
    }

    /**
     * On a 1280x800 projector, in each language, normal and in projection mode, at every beat: the herd's ten clients
     * and the five of the readers and writers fit the window with the transport in view (the page does not scroll), no
     * client row, avatar, znode card or counter runs past its room (a card's number, owner and "deleted" stay inside
     * it; a counter's label is not broken between letters), and no script line is cut: it wraps.
     */
    @Test
    @Order(5)
    void theHerdFitsASmallProjectorWithNothingCut() throws Exception {
        List<String> wrong = new ArrayList<>();
        browser.call("Emulation.setDeviceMetricsOverride", Chromium.params().put("width", 1280)
                .put("height", 800).put("deviceScaleFactor", 1).put("mobile", false));
        try {
            for (BuiltInScenarios.BuiltIn builtIn : List.of(BuiltInScenarios.list().get(1),
                    BuiltInScenarios.list().get(5))) {
                Path page = page(builtIn);
                for (String lang : List.of("en", "zh", "ru")) {
                    for (boolean projection : List.of(false, true)) {
                        open(page, "#beat=0&lang=" + lang);
                        JsonNode seen = browser.evaluate(EVERY_BEAT_FITS.replace("PROJECTION", String.valueOf(projection)));
                        String at = builtIn.name() + " " + lang + (projection ? " projection" : "") + " ";
                        seen.forEach(problem -> wrong.add(at + problem.asText()));
                    }
                }
            }
        } finally {
            browser.call("Emulation.setDeviceMetricsOverride", Chromium.params().put("width", 1920)
                    .put("height", 1080).put("deviceScaleFactor", 1).put("mobile", false));
        }
        assertEquals(List.of(), wrong);
    }

    /** Seeks every beat of the open page (in projection mode or not) and lists what runs past its room. */
    private static final String EVERY_BEAT_FITS = """
            (() => {
              const wrong = [];
              const past = (inner, outer) => inner.right > outer.right + 1 || inner.left < outer.left - 1
                || inner.bottom > outer.bottom + 1 || inner.top < outer.top - 1;
              if (document.body.classList.contains('projection') !== PROJECTION) {
                document.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
              }
              for (let b = 0; b < window.lockstep.beats(); b++) {
                window.lockstep.seek(b);
                const at = 'beat ' + b + ': ';
                const over = document.documentElement.scrollHeight - window.innerHeight;
                if (over > 0) wrong.push(at + 'the page runs ' + over + ' px past the window');
                document.querySelectorAll('.row').forEach(r => {
                  if (r.scrollWidth > r.clientWidth + 1) wrong.push(at + 'row runs past its room: ' + r.textContent);
                  const a = r.querySelector('.avatar');
                  const name = document.createRange();
                  name.selectNode(a.firstChild);
                  if (past(name.getBoundingClientRect(), a.getBoundingClientRect())) {
                    wrong.push(at + 'avatar too small for ' + a.textContent);
                  }
                });
                document.querySelectorAll('.card').forEach(c => {
                  const box = c.getBoundingClientRect();
                  c.querySelectorAll('.seq, .name, .deleted').forEach(t => {
                    const r = document.createRange();
                    r.selectNodeContents(t);
                    if (past(r.getBoundingClientRect(), box) || t.scrollWidth > t.clientWidth + 1) {
                      wrong.push(at + 'card text past its card: ' + c.textContent);
                    }
                  });
                });
                document.querySelectorAll('.counter').forEach(c => {
                  if (c.scrollWidth > c.clientWidth + 1) wrong.push(at + 'counter past its room: ' + c.textContent);
                });
                document.querySelectorAll('#script li').forEach(li => {
                  if (li.scrollWidth > li.clientWidth + 1) wrong.push(at + 'script line cut: ' + li.textContent);
                });
              }
              return [...new Set(wrong)];
            })()""";

    // ---- helpers ----------------------------------------------------------------------------------------------

    /** The page of a built-in, made once: its two lanes run here, on a real server. */
    private static Path page(BuiltInScenarios.BuiltIn builtIn) throws Exception {
        Path file = pages.resolve(builtIn.name() + ".html");
        if (!Files.exists(file)) {
            Scenario scenario = Simulations.load(builtIn.name());
            List<List<Event>> traces = new ArrayList<>();
            for (String algorithm : algorithmsFor(builtIn)) {
                traces.add(GalleryRuns.trace(builtIn.name(), algorithm));
            }
            FRAMES.put(builtIn.name(), Frames.ofTraces(traces));
            Files.writeString(file, PlayerPage.of(traces, scenario), StandardCharsets.UTF_8);
        }
        return file;
    }

    /** Two lanes for a built-in: the pair it is shown with (on the course site's index too), from {@link Showcase}. */
    private static List<String> algorithmsFor(BuiltInScenarios.BuiltIn builtIn) throws Exception {
        return Showcase.pairOf(builtIn.name(), Simulations.load(builtIn.name()));
    }

    private static void open(Path page, String hash) throws Exception {
        String url = page.toUri().toString();
        if (!OPENED.contains(url)) {
            OPENED.add(url);
        }
        browser.open("about:blank"); // a page opened afresh, even when only its address's hash differs
        browser.open(url + hash);
    }

    /** Changes the page's address to {@code hash}, as a link would, and waits until the page has followed it. */
    private static void moveTo(String hash) throws Exception {
        browser.evaluate("new Promise(done => { window.addEventListener('hashchange', () => done(0), {once: true}); "
                + "location.hash = '" + hash + "'; })");
    }

    private static int beat() throws Exception {
        return browser.evaluate("window.lockstep.beat()").asInt();
    }

    private static String text(String selector) throws Exception {
        return browser.evaluate("document.querySelector('" + selector + "').textContent").asText();
    }

    /** Where the page's DOM at beat {@code beat} says other than the frames. */
    private static List<String> differences(String name, Frames frames, int beat) throws Exception {
        List<String> wrong = new ArrayList<>();
        int shown = beat();
        if (shown != beat) {
            wrong.add(name + ": the page shows beat " + shown + ", not " + beat);
            return wrong;
        }
        JsonNode lanes = browser.evaluate("""
                Array.from(document.querySelectorAll('.lane')).map(l => ({
                  holders: l.getAttribute('data-holders'),
                  caption: l.querySelector('.caption').textContent,
                  counters: Array.from(l.querySelectorAll('.counter')).map(c => c.getAttribute('data-counter')
                      + '=' + c.querySelector('.value').firstChild.textContent),
                  arrows: Array.from(new Set(Array.from(l.querySelectorAll('svg .arrow'))
                      .map(a => a.getAttribute('data-client') + '>' + a.getAttribute('data-path')))).sort(),
                  held: Array.from(l.querySelectorAll('.card.held')).map(c => c.getAttribute('data-owner')),
                  cards: l.querySelectorAll('.card').length,
                  rows: Array.from(l.querySelectorAll('.row')).map(r => r.getAttribute('data-client') + ':'
                      + r.getAttribute('data-state') + ':' + r.getAttribute('data-look')),
                  failures: l.querySelector('.finding-banner').textContent
                }))""");
        // the bold part of every banner text is its first clause, cut where the window cuts (FirstClause)
        JsonNode bold = browser.evaluate("""
                Array.from(document.querySelectorAll('#banner-text b')).map(b => [b.textContent,
                  b.textContent + (b.nextSibling ? b.nextSibling.textContent : '')])""");
        for (JsonNode pair : bold) {
            String whole = pair.get(1).asText();
            same(wrong, name + " beat " + beat + ": banner's bold part", whole.substring(0,
                    lockstep.simulator.text.FirstClause.end(whole)), pair.get(0).asText());
        }
        for (int l = 0; l < frames.lanes().size(); l++) {
            LaneFrame f = frames.at(beat, l);
            JsonNode dom = lanes.get(l);
            String at = name + " beat " + beat + " lane " + f.algorithm() + ": ";
            same(wrong, at + "holders", String.join(" ", f.holders().live()), dom.path("holders").asText());
            same(wrong, at + "caption", f.caption(), dom.path("caption").asText());
            same(wrong, at + "counters", List.of("notifications=" + f.counters().notifications(),
                    "futile=" + f.counters().futileWakeups(), "calls=" + f.counters().calls(),
                    "holders=" + f.holders().live().size()), strings(dom.path("counters")));
            TreeSet<String> arrows = new TreeSet<>();
            for (Arrow a : f.arrows()) {
                arrows.add(a.client() + ">" + a.path());
            }
            same(wrong, at + "watches", new ArrayList<>(arrows), strings(dom.path("arrows")));
            same(wrong, at + "held cards", f.cards().stream().filter(Card::held).map(Card::owner).toList(),
                    strings(dom.path("held")));
            same(wrong, at + "cards", f.cards().size(), dom.path("cards").asInt());
            same(wrong, at + "rows", f.rows().stream().map(r -> r.client() + ":" + r.state().label() + ":"
                    + look(r)).toList(), strings(dom.path("rows")));
            StringBuilder failures = new StringBuilder();
            for (Finding finding : f.findings()) {
                if (finding.isFailure()) {
                    failures.append(failures.length() == 0 ? "" : "\n").append("▼ ").append(finding.localMessage());
                }
            }
            same(wrong, at + "failure banner", failures.toString(), dom.path("failures").asText());
        }
        return wrong;
    }

    private static String look(Row r) {
        return r.look().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static void same(List<String> wrong, String what, Object expected, Object shown) {
        if (!expected.equals(shown)) {
            wrong.add(what + ": the frames say " + expected + ", the page " + shown);
        }
    }
}
