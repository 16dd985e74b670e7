package lockstep.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.text.BundleAudit;
import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.gui.text.WindowTexts;
import lockstep.gui.viewmodel.EventText;
import lockstep.gui.viewmodel.LaneSummary;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.ScenarioWords;
import lockstep.gui.viewmodel.Sessions;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.GalleryRuns;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.text.CaptionTexts;
import lockstep.simulator.trace.Event;

/**
 * A Chinese or Russian teacher sees no English in the window. Every built-in is run once with two lanes (its bug
 * beside {@code sequential} for a bug of the gallery), then shown at every beat in zh and in ru, read from the view
 * models (no pixels): the narration, the footer, each lane's subtitle, bug tag, caption, tally, server box, resource
 * line, banners and children count, each client's state word, caption, connection words and session line, each card,
 * and every event of the event log. No word in them may be English, other than the names a ZooKeeper engineer keeps
 * in any language: API calls, event types and result codes, znode names and paths, client and server names, algorithm
 * names, and a few terms (watch, znode, leader, Curator...). The footer's script line is the scenario file's own text
 * and is left out. The window's and the captions' bundles are read whole the same way.
 */
class NoEnglishLeftInTheWindowTest {

    /**
     * Terms kept as they are in the Chinese and Russian texts (the glossaries of the bundles say so): ZooKeeper's and
     * Curator's names and calls, the lock API's calls, the checker's quoted kind, file formats and keys on a keyboard.
     * Lower case: a term may start a sentence.
     */
    private static final Set<String> TERMS = Set.of("zookeeper", "curator", "interprocessmutex", "watch", "znode",
            "leader", "follower", "zk", "connectionloss", "fencing", "exists-watch", "unfenced", "null", "api",
            "getdata", "getchildren", "exists", "create", "delete", "setdata", "sync", "multi", "removewatches",
            "acquire", "release", "try-acquire", "recipe", "lockstep", "shiviz", "svg", "csv", "png", "gif", "jsonl", "html",
            "shortcut", "shift", "left", "right", "home", "end", "space",
            // the title card's descriptions: ZooKeeper's and Curator's terms, a scenario's keys and a bug's citation
            "zxid", "trace", "ensemble", "kazoo", "interprocesssemaphorev2", "interprocessmultilock", "reentrant", "false", "fencing-",
            "zookeeper-2931");
    /** Client, server and node names, counts ("x2"), single letters (the W/E badges are glyphs). */
    private static final Pattern NAME = Pattern.compile("[a-z]{1,2}\\d+(#\\d+)?|x\\d+|[A-Za-z]|_c_.*|"
            + "(lock|read|write)(-\\d+)?");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

    static Stream<Arguments> builtIns() {
        return BuiltInScenarios.list().stream().map(b -> Arguments.of(b.name()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builtIns")
    void everyBeatOfTheBuiltInIsInChineseAndRussian(String name) throws Exception {
        Scenario loaded = Simulations.load(name);
        List<LaneViewModel> lanes = new ArrayList<>();
        for (String algorithm : lanesFor(name, loaded)) {
            lanes.add(new LaneViewModel(GalleryRuns.trace(name, algorithm)));
        }
        ReplayCursor cursor = new ReplayCursor(lanes);
        Set<String> english = new TreeSet<>();
        try {
            for (Language language : List.of(Language.ZH, Language.RU)) {
                Texts.use(language);
                cursor.useWords(ScenarioWords.of(loaded));
                for (int b = 0; b < cursor.sizeProperty().get(); b++) {
                    cursor.seek(b);
                    for (String text : shown(cursor)) {
                        english.addAll(englishIn(language, text));
                    }
                }
                for (LaneViewModel lane : lanes) {
                    for (Event e : lane.events()) {
                        if (e instanceof Event.ScriptLine line && !line.text().startsWith("say")) {
                            continue; // a command of the script, as the scenario file writes it
                        }
                        english.addAll(englishIn(language, EventText.what(e, cursor.words())));
                    }
                }
            }
        } finally {
            Texts.use(Language.EN);
        }
        assertEquals(Set.of(), english, name + ": English left in zh or ru");
    }

    @Test
    void theWindowsAndTheCaptionsBundlesAreTranslatedWhole() throws Exception {
        Set<String> english = new TreeSet<>();
        for (String bundle : List.of(WindowTexts.BUNDLE, CaptionTexts.BUNDLE)) {
            for (Language language : List.of(Language.ZH, Language.RU)) {
                java.util.ResourceBundle texts = lockstep.algorithms.text.Texts.bundle(bundle).resources(language);
                for (String key : texts.keySet()) {
                    // menu accelerators are written with a _ before their letter
                    english.addAll(englishIn(language, texts.getString(key).replace("_", "")));
                }
            }
        }
        assertEquals(Set.of(), english);
        assertEquals(List.of(), BundleAudit.problems(CaptionTexts.BUNDLE));
    }

    /** Two lanes: the bug of a gallery scenario beside sequential; Curator's beside ours on an ensemble. */
    private static List<String> lanesFor(String name, Scenario scenario) {
        for (Algorithms.Info info : Algorithms.all()) {
            if (info.isBug() && name.endsWith("-" + info.name())) {
                // a scenario of several locks runs with multi-locks only: the correct one beside the bug
                return List.of(scenario.hasSeveralLocks() ? "multilock" : "sequential", info.name());
            }
        }
        return scenario.ensemble() > 1 ? List.of("sequential", "curator-mutex") : List.of("naive", "sequential");
    }

    /** Every text the frame shows now, as the view models give it to the views. */
    private static List<String> shown(ReplayCursor cursor) {
        List<String> out = new ArrayList<>();
        out.add(cursor.narrationProperty().get());
        String position = cursor.positionProperty().get();
        LaneViewModel focus = cursor.focusedLaneModel();
        out.add(position.replace(focus.stepText(cursor.stepProperty().get()), ""));
        for (LaneViewModel lane : cursor.lanes()) {
            ReplayState s = lane.getState();
            out.add(lane.subtitleProperty().get());
            lane.bugMarkProperty().get().ifPresent(m -> {
                out.add(m.tag());
                out.add(m.why());
            });
            out.add(lane.captionProperty().get());
            out.add(lane.tallyProperty().get());
            out.add(lane.serverProperty().get());
            out.add(lane.ownNarrationProperty().get());
            if (lane.writeProperty().get() != null) {
                out.add(lane.writeProperty().get().text());
            }
            LaneSummary summary = LaneSummary.of(lane.frame());
            out.add(summary.failures());
            out.add(summary.notes());
            out.add(summary.children());
            out.add(summary.holderNames());
            for (lockstep.simulator.frame.Row c : lane.frame().rows()) {
                out.add(LaneViewModel.word(c));
                out.add(LaneViewModel.caption(c));
                out.add(LaneViewModel.status(c));
            }
            Sessions sessions = Sessions.of(lane.frame());
            sessions.servers().forEach(server -> out.add(server.name() + " " + server.word()));
            sessions.lines().forEach(line -> out.add(line.word()));
            lane.cards().forEach(card -> out.add(card.label() + " " + card.owner()));
        }
        return out;
    }

    /** The English words of {@code text}: each with the text it came from, so a failure says where. */
    private static List<String> englishIn(Language language, String text) {
        List<String> found = new ArrayList<>();
        // paths, file names and formulas ("/locks/herd", "docs/bugs/x.md", "N(N-1)/2") are names, not words
        String words = text.replaceAll("\\S*/\\S*", " ");
        Matcher m = WORD.matcher(words);
        while (m.find()) {
            String word = m.group();
            if (!allowed(word)) {
                found.add(language.tag() + ": '" + word + "' in \"" + text + "\"");
            }
        }
        return found;
    }

    private static boolean allowed(String word) {
        return TERMS.contains(word.toLowerCase(Locale.ROOT)) || NAME.matcher(word).matches()
                || ALGORITHMS.contains(word) || ZOOKEEPER_NAMES.contains(word)
                || word.matches("[A-Z][A-Z0-9]+-\\d+"); // an issue's key (CURATOR-595) is a name
    }

    private static final Set<String> ALGORITHMS = names();
    /** ZooKeeper's own names: result codes as traces write them (nonode) and as ZooKeeper does, event types. */
    private static final Set<String> ZOOKEEPER_NAMES = zookeeperNames();

    private static Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        Algorithms.all().forEach(info -> names.add(info.name()));
        return names;
    }

    private static Set<String> zookeeperNames() {
        Set<String> names = new LinkedHashSet<>();
        for (KeeperException.Code code : KeeperException.Code.values()) {
            names.add(code.name());
            names.add(code.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        Arrays.stream(Watcher.Event.EventType.values()).forEach(t -> names.add(t.name()));
        Arrays.stream(Watcher.Event.KeeperState.values()).forEach(t -> names.add(t.name()));
        // Curator's connection states as its API spells them (a client Curator declared LOST)
        Arrays.stream(org.apache.curator.framework.state.ConnectionState.values()).forEach(t -> names.add(t.name()));
        return names;
    }
}
