package lockstep.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.gui.viewmodel.ScenarioWords;
import lockstep.gui.render.FrameRenderer;
import lockstep.gui.render.HeadlessFx;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.GalleryRuns;

/**
 * Every built-in scenario drawn at every beat in the headless toolkit, two lanes at 1280x800 and three at 1600x1000:
 * no label is elided ("…" shown where the text has none), no text runs out of its znode card, and the narration banner
 * and the lanes' captions hold their whole text. The two-lane case runs in Chinese and Russian too (the scenarios'
 * own texts and the window's in that language; Russian words are long).
 */
class NoLabelIsCutTest {

    @BeforeAll
    static void toolkit() throws Exception {
        HeadlessFx.start();
    }

    static Stream<Arguments> cases() throws Exception {
        List<Arguments> out = new ArrayList<>();
        for (BuiltInScenarios.BuiltIn b : BuiltInScenarios.list()) {
            if (BuiltInScenarios.load(b.name()).ensemble() > 1) {
                // three servers per run: one case of two lanes, one of them Curator's
                for (Language language : Language.values()) {
                    out.add(Arguments.of(b.name(), List.of("sequential", "curator-mutex"), 1280, 800, language));
                }
                continue;
            }
            if (BuiltInScenarios.load(b.name()).hasSeveralLocks()) {
                // several locks: only the multi-locks run it
                for (Language language : Language.values()) {
                    out.add(Arguments.of(b.name(), List.of("multilock", "bug-unordered-multilock"), 1280, 800,
                            language));
                }
                continue;
            }
            for (Language language : Language.values()) {
                out.add(Arguments.of(b.name(), List.of("naive", "sequential"), 1280, 800, language));
            }
            out.add(Arguments.of(b.name(), List.of("rwlock", "curator-rwlock", "curator-mutex"), 1600, 1000,
                    Language.EN));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} at {2}x{3} in {4}")
    @MethodSource("cases")
    void nothingIsCutAtAnyBeat(String scenario, List<String> algorithms, int width, int height, Language language)
            throws Exception {
        Scenario loaded = Simulations.load(scenario);
        List<LaneViewModel> lanes = new ArrayList<>();
        for (String algorithm : algorithms) {
            // one run per pair in this JVM, whatever the language (a trace does not depend on it)
            lanes.add(new LaneViewModel(GalleryRuns.trace(scenario, algorithm)));
        }
        ReplayCursor cursor = new ReplayCursor(lanes);
        List<String> cut;
        try {
            Texts.use(language);
            cursor.useWords(ScenarioWords.of(loaded));
            cut = HeadlessFx.call(() -> {
                List<String> found = new ArrayList<>();
                FrameRenderer r = new FrameRenderer(cursor, width, height, false, false);
                // (in zh and ru every third beat, to keep the suite's time: a caption lasts over several beats)
                int stride = language == Language.EN ? 1 : 3;
                for (int b = 0; b < cursor.sizeProperty().get() && found.size() < 5; b += stride) {
                    r.layOut(b);
                    collect(r.scene().getRoot(), "beat " + b, found);
                }
                return found;
            });
        } finally {
            Texts.use(Language.EN);
        }
        assertTrue(cut.isEmpty(), scenario + " " + algorithms + ": " + cut);
    }

    private static void collect(Node node, String where, List<String> found) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Labeled labeled && labeled.getText() != null && !labeled.getText().isEmpty()
                && !WindowFitsTheScreenTest.wholeInTooltip(labeled)) {
            String shown = displayed(labeled);
            if (shown != null && shown.contains("…") && !labeled.getText().contains("…")) {
                found.add(where + ": '" + labeled.getText() + "' shown as '" + shown + "'");
            }
        }
        if (node instanceof TextFlow flow && flow.getParent() != null && flow.getStyleClass().isEmpty()
                && flow.getParent().getStyleClass().contains("narration")) {
            checkFits(flow, flow.getParent(), where, found);
        }
        if (node.getStyleClass().contains("znode-card") && node instanceof Parent card) {
            double w = card.getLayoutBounds().getWidth();
            for (Node child : card.getChildrenUnmodifiable()) {
                if (child instanceof Text t && t.isVisible() && !t.getText().isEmpty()) {
                    Bounds b = t.getBoundsInParent();
                    if (b.getMaxX() > w + 1 || b.getMinX() < -1) {
                        found.add(where + ": card text '" + t.getText() + "' runs out of its card");
                    }
                }
            }
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collect(child, where, found);
            }
        }
    }

    /** The narration text must fit the banner's fixed height. */
    private static void checkFits(TextFlow flow, Parent banner, String where, List<String> found) {
        double needed = flow.prefHeight(flow.getWidth());
        double room = banner.getLayoutBounds().getHeight();
        if (needed > room) {
            found.add(where + ": narration needs " + Math.round(needed) + " px in a " + Math.round(room) + " px banner");
        }
    }

    /** The text a Labeled shows (its skin's Text node), or null before it has a skin. */
    private static String displayed(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text t) {
                return t.getText();
            }
        }
        return null;
    }
}
