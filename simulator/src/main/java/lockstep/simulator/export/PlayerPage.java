package lockstep.simulator.export;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.BadInputException;
import lockstep.simulator.check.Finding;
import lockstep.simulator.frame.Frames;
import lockstep.simulator.frame.FramesJson;
import lockstep.simulator.replay.Beats;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Repeat;
import lockstep.simulator.scenario.Say;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Wording;
import lockstep.simulator.trace.Event;

/**
 * The player page ({@code lockstep export TRACE --html FILE.html}, {@code lockstep run ... --html FILE.html}): one
 * self-contained HTML file that plays a comparison in a browser, drawn from the {@link Frames} and nothing else.
 *
 * <p>Steps: make the frames of the lanes (every trace a lane, at common beats) and write each as
 * {@link FramesJson} does, in English; add what the page says in Chinese and Russian (each frame's caption and each
 * finding, made with {@link Texts#saying} so the process's language is left alone), the page's words in the three
 * languages (the {@value #WORDS} bundle), the scenario's title and narration in the languages its file gives, the
 * script lines and each lane's event log; then put that data, the page's style sheet and its script (resources
 * under {@value #RESOURCES}, plain files in the repository) into the page's template. Guarantees: the page holds
 * everything it shows and requests nothing (no link, no font, no image by address); a {@code </script>} inside a
 * text cannot end the data early.
 */
public final class PlayerPage {

    /** Where the page's template, style sheet and script are, on the classpath. */
    public static final String RESOURCES = "/lockstep/simulator/player/";
    /** The bundle of the page's words. */
    public static final String WORDS = lockstep.simulator.text.SimulatorTexts.PLAYER;

    private static final ObjectMapper JSON = new ObjectMapper();

    private PlayerPage() {
    }

    /** The page of these runs: each a lane; the scenario's words are found from the built-in the traces name. */
    public static String of(List<MetricsCsv.Run> runs) {
        List<List<Event>> traces = runs.stream().map(MetricsCsv.Run::trace).toList();
        return of(traces, builtInOf((Event.RunStarted) traces.get(0).get(0)));
    }

    /**
     * The page of these traces, each a lane.
     *
     * @param scenario the scenario they ran (its title and narration in every language it gives), or null for
     *                 the texts as the traces record them
     */
    public static String of(List<List<Event>> traces, Scenario scenario) {
        return html(data(Frames.ofTraces(traces), scenario, false));
    }

    /**
     * The page of a failing run (explore's counterexample), opening at the beat where its first failure shows
     * (an address with {@code #beat=K} still opens beat K).
     */
    public static String ofFailure(List<Event> trace, Scenario scenario) {
        return html(data(Frames.ofTraces(List.of(trace)), scenario, true));
    }

    /** The page's data: what its script reads, as one JSON object. */
    static ObjectNode data(Frames frames, Scenario scenario, boolean atFailure) {
        ObjectNode data = JSON.createObjectNode();
        int start = 0;
        if (atFailure) {
            Finding first = frames.lanes().get(0).findings().stream().filter(Finding::isFailure).findFirst()
                    .orElse(null);
            start = first == null ? 0 : frames.beats().beatOf(0, first.at());
        }
        data.put("start", start);
        Event.RunStarted first = frames.lanes().get(0).model().events().get(0) instanceof Event.RunStarted r ? r
                : null;
        ObjectNode title = data.putObject("title");
        // a built-in is named with its number first, as the window names it ("02 · The herd effect")
        String number = BuiltInScenarios.list().stream().filter(b -> b.name().equals(first.scenario()))
                .map(b -> b.id() + " · ").findFirst().orElse("");
        for (String language : Wording.LANGUAGES) {
            title.put(language, number + (scenario == null ? first.title() : scenario.title(language)));
        }
        // the title card's description (the window's, before the first line); a trace alone has none
        ObjectNode description = data.putObject("description");
        for (String language : Wording.LANGUAGES) {
            description.put(language, scenario == null ? "" : scenario.description(language).strip());
        }
        data.put("scenario", first.scenario());
        data.put("seed", first.seed());
        ArrayNode lanes = data.putArray("lanes");
        for (Frames.Lane lane : frames.lanes()) {
            Event.RunStarted run = (Event.RunStarted) lane.model().events().get(0);
            ObjectNode l = lanes.addObject();
            l.put("algorithm", run.algorithm());
            l.put("lockPath", run.lockPath());
            Algorithms.Info algorithm = Algorithms.find(run.algorithm()).orElse(null);
            ObjectNode subtitle = l.putObject("subtitle");
            ObjectNode bug = l.putObject("bug");
            for (Language language : Language.values()) {
                subtitle.put(language.tag(), algorithm == null ? ""
                        : Texts.saying(language, algorithm::localSubtitle));
                bug.put(language.tag(), algorithm == null || !algorithm.isBug() ? ""
                        : Texts.saying(language, algorithm::localWhy));
            }
            l.put("bugKind", algorithm == null || !algorithm.isBug() ? ""
                    : algorithm.expected().findingKind().orElse(""));
            ArrayNode clients = l.putArray("clients");
            run.clients().forEach(clients::add);
            ArrayNode log = l.putArray("events");
            for (Event e : lane.model().events()) {
                log.add(logLine(e));
            }
            ObjectNode findings = l.putObject("findings");
            for (Language language : Language.values()) {
                ArrayNode said = findings.putArray(language.tag());
                Texts.saying(language, () -> {
                    lane.findings().forEach(f -> said.add(f.localMessage()));
                    return null;
                });
            }
        }
        Beats beats = frames.beats();
        ArrayNode beatList = data.putArray("beats");
        for (Beats.Beat b : beats.all()) {
            ObjectNode o = beatList.addObject();
            o.put("step", b.step());
            o.put("line", b.line());
            o.put("phase", b.phase().name().toLowerCase(java.util.Locale.ROOT));
            o.put("narration", b.narration());
            if (b.release() && b.lastOfStep()) {
                o.put("releaseEnd", true); // projection's playback stops here, as the window's presentation mode does
            }
        }
        data.put("steps", beats.stepCount());
        data.set("script", script(frames));
        ArrayNode frameList = data.putArray("frames");
        Map<String, ArrayNode> captions = new LinkedHashMap<>();
        for (Language language : Language.values()) {
            if (language != Language.EN) {
                captions.put(language.tag(), JSON.createArrayNode());
            }
        }
        for (int b = 0; b < frames.size(); b++) {
            ArrayNode beat = frameList.addArray();
            for (int l = 0; l < frames.lanes().size(); l++) {
                int beatNow = b;
                int laneNow = l;
                beat.add(parse(Texts.saying(Language.EN, () -> FramesJson.line(frames.at(beatNow, laneNow)))));
            }
            for (Language language : Language.values()) {
                if (language == Language.EN) {
                    continue;
                }
                ArrayNode said = captions.get(language.tag()).addArray();
                for (int l = 0; l < frames.lanes().size(); l++) {
                    int beatNow = b;
                    int laneNow = l;
                    said.add(Texts.saying(language, () -> frames.at(beatNow, laneNow).caption()));
                }
            }
        }
        ObjectNode captionNode = data.putObject("captions");
        captions.forEach(captionNode::set);
        data.set("narration", narration(scenario));
        data.put("clauseEnd", lockstep.simulator.text.FirstClause.PATTERN.pattern());
        data.set("words", words());
        return data;
    }

    /** The page: the template with its style sheet, its script and its data put in. */
    static String html(ObjectNode data) {
        String json;
        try {
            json = JSON.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e); // a tree of plain values always writes
        }
        // Inside <script> a "</" could end the element: JSON lets "/" be escaped, so no text can.
        json = json.replace("</", "<\\/").replace("<!--", "<\\!--");
        String title = data.get("title").get("en").asText();
        return resource("player.html")
                .replace("@TITLE@", escape(title))
                .replace("/*@STYLE@*/", resource("player.css"))
                .replace("/*@SCRIPT@*/", resource("player.js"))
                .replace("\"@DATA@\"", json);
    }

    /** The script lines the lanes ran, by their line in the scenario file, each once. */
    private static ArrayNode script(Frames frames) {
        Map<Integer, String> lines = new TreeMap<>();
        for (Frames.Lane lane : frames.lanes()) {
            lockstep.simulator.replay.Steps steps = lockstep.simulator.replay.Steps.of(lane.model().events());
            for (int k = 1; k <= steps.count(); k++) {
                lines.putIfAbsent(steps.fileLine(k), steps.text(k));
            }
        }
        ArrayNode out = JSON.createArrayNode();
        lines.forEach((line, text) -> out.addObject().put("line", line).put("text", text));
        return out;
    }

    /** English narration to its other languages, as the scenario's say lines give them. */
    private static ObjectNode narration(Scenario scenario) {
        ObjectNode out = JSON.createObjectNode();
        if (scenario != null) {
            collect(scenario.script(), out);
        }
        return out;
    }

    private static void collect(List<Step> steps, ObjectNode out) {
        for (Step step : steps) {
            if (step instanceof Say say) {
                for (String key : say.wordings().keySet()) {
                    Wording wording = say.wording(key);
                    if (!out.has(wording.english())) {
                        ObjectNode said = out.putObject(wording.english());
                        for (String language : Wording.LANGUAGES) {
                            said.put(language, wording.in(language));
                        }
                    }
                }
            } else if (step instanceof Repeat repeat) {
                collect(repeat.body(), out);
            }
        }
    }

    /** The page's words in every language: its bundle, and the lock modes' names. */
    private static ObjectNode words() {
        ObjectNode out = JSON.createObjectNode();
        for (Language language : Language.values()) {
            ObjectNode words = out.putObject(language.tag());
            ResourceBundle bundle = Texts.bundle(WORDS).resources(language);
            new TreeMap<>(java.util.Collections.list(bundle.getKeys()).stream()
                    .collect(java.util.stream.Collectors.toMap(k -> k, bundle::getString)))
                    .forEach(words::put);
            Texts.saying(language, () -> {
                for (LockMode mode : LockMode.values()) {
                    words.put("mode." + mode.label(), mode.text());
                }
                return null;
            });
            words.put("language.name", language.ownName());
        }
        return out;
    }

    /** One line of a lane's event log: who, and what in a few words. */
    private static String logLine(Event e) {
        String who = e instanceof Event.Call c ? c.client()
                : e instanceof Event.WatchFired f ? f.client()
                : e instanceof Event.StrayNotification f ? f.client()
                : e instanceof Event.ClientState s ? s.client()
                : e instanceof Event.Connection c ? c.client()
                : e instanceof Event.Write w ? w.client()
                : e instanceof Event.ClientServer c ? c.client()
                : "";
        return who.isEmpty() ? EventWords.local(e) : who + " " + EventWords.local(e);
    }

    /** The built-in a trace ran, when its title is still that built-in's, else null. */
    private static Scenario builtInOf(Event.RunStarted run) {
        for (BuiltInScenarios.BuiltIn b : BuiltInScenarios.list()) {
            if ((b.name().equals(run.scenario()) || b.id().equals(run.scenario())) && b.title().equals(run.title())) {
                try {
                    return BuiltInScenarios.load(b.name());
                } catch (BadInputException e) {
                    return null; // a built-in always loads; were it not to, the page shows the trace's own texts
                }
            }
        }
        return null;
    }

    private static com.fasterxml.jackson.databind.JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e); // FramesJson writes valid JSON
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A resource of the page, as text. */
    static String resource(String name) {
        try (InputStream in = PlayerPage.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCES + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
