package lockstep.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.text.TextFlow;
import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.gui.render.HeadlessFx;
import lockstep.gui.source.SimulatorSource;
import lockstep.gui.view.ViewSettings;
import lockstep.gui.view.WorkbenchView;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.ScenarioWords;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.gui.viewmodel.WorkbenchViewModel;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.GalleryRuns;
import lockstep.simulator.trace.Event;

/**
 * The live window's narration banner holds every text it shows whole, and keeps one height all run: in each language
 * the built-in lock scenario with the longest narration in that language is opened in the whole window (not the
 * headless renderer, which NoLabelIsCutTest checks) at 1280x800 in normal and presentation mode and at 1920x1080 in
 * presentation mode, two lanes, and at every beat where the banner's text changes (the title card, the say lines, a
 * line said to some lanes only, in columns) its text must need no more height than the banner has.
 *
 * <p>Cost: the runs are GalleryRuns' (one per scenario and algorithm per test JVM); a layout per change of text.
 */
class LiveBannerFitsTest {

    /** Lock scenarios on one server that {@code sequential} and {@code curator-mutex} both run. */
    private static final List<String> CANDIDATES = List.of("02", "03", "04", "05", "07", "08", "09", "10", "11", "12",
            "13");
    private static final List<String> LANES = List.of("sequential", "curator-mutex");
    /** The narrowest banner, in both modes, and presentation's largest text. */
    private static final Object[][] LAYOUTS = {{1280, 800, false}, {1280, 800, true}, {1920, 1080, true}};

    @BeforeAll
    static void toolkit() {
        HeadlessFx.start();
    }

    @Test
    void theLongestNarrationFitsTheBannerInEveryLanguageSizeAndMode() throws Exception {
        List<String> found = new ArrayList<>();
        for (Language language : Language.values()) {
            BuiltInScenarios.BuiltIn longest = CANDIDATES.stream().map(LiveBannerFitsTest::builtIn)
                    .max(Comparator.comparingInt(b -> longestNarration(b, language).length())).orElseThrow();
            String text = longestNarration(longest, language);
            try {
                Texts.use(language);
                for (Object[] layout : LAYOUTS) {
                    found.addAll(HeadlessFx.call(() -> lookAt(longest, text, (int) layout[0], (int) layout[1],
                            (boolean) layout[2], language)));
                }
            } finally {
                Texts.use(Language.EN);
            }
        }
        assertTrue(found.isEmpty(), found.toString());
    }

    private static List<String> lookAt(BuiltInScenarios.BuiltIn builtIn, String longest, int width, int height,
                                       boolean presentation, Language language) throws Exception {
        WorkbenchViewModel vm = new WorkbenchViewModel(new Shared(), Runnable::run, Runnable::run, null);
        vm.useLanguage(language);
        WorkbenchView view = new WorkbenchView(vm, new ViewSettings(false));
        Scene scene = WorkbenchView.scene(view, width, height);
        vm.open(builtIn.id(), LANES, null);
        if (presentation) {
            vm.togglePresentation();
        }
        ReplayCursor cursor = vm.getCursor();
        List<String> found = new ArrayList<>();
        String where = builtIn.id() + " " + width + "x" + height + (presentation ? " presentation" : "") + " "
                + language;
        String shown = null;
        for (int beat = 0; beat < cursor.sizeProperty().get() && found.size() < 3; beat++) {
            cursor.seek(beat);
            // what the banner says at this beat: the common text, or the lanes' own (a say line for some lanes)
            StringBuilder said = new StringBuilder(cursor.narrationProperty().get());
            cursor.lanes().forEach(l -> said.append('|').append(l.ownNarrationProperty().get()));
            if (said.toString().equals(shown)) {
                continue; // laid out only where the banner's text changes
            }
            shown = said.toString();
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            scene.getRoot().layout();
            javafx.scene.layout.Region banner = (javafx.scene.layout.Region) scene.getRoot().lookup(".narration");
            double room = banner.getLayoutBounds().getHeight() - banner.snappedTopInset()
                    - banner.snappedBottomInset();
            int at = beat;
            for (Node node : banner.getChildrenUnmodifiable()) {
                flows(node, flow -> {
                    double needed = flow.prefHeight(flow.getWidth());
                    if (needed > room + 1) {
                        found.add(where + " beat " + at + ": the banner's text needs " + Math.round(needed)
                                + " px, the banner gives " + Math.round(room));
                    }
                });
            }
        }
        return found;
    }

    private static void flows(Node node, java.util.function.Consumer<TextFlow> each) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof TextFlow flow) {
            each.accept(flow);
        } else if (node instanceof Parent parent) {
            parent.getChildrenUnmodifiable().forEach(child -> flows(child, each));
        }
    }

    private static BuiltInScenarios.BuiltIn builtIn(String id) {
        return BuiltInScenarios.list().stream().filter(b -> b.id().equals(id)).findFirst().orElseThrow();
    }

    private static String longestNarration(BuiltInScenarios.BuiltIn builtIn, Language language) {
        try {
            return ScenarioWords.of(BuiltInScenarios.load(builtIn.name())).narrations(language.tag()).stream()
                    .max(Comparator.comparingInt(String::length)).orElse("");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The built-ins' runs from GalleryRuns, shared with every other test of this JVM that reads them. */
    private static final class Shared implements TraceSource {
        private final SimulatorSource real = new SimulatorSource();

        @Override
        public List<BuiltInScenarios.BuiltIn> builtIns() {
            return real.builtIns();
        }

        @Override
        public List<String> algorithms() {
            return real.algorithms();
        }

        @Override
        public Loaded load(String spec, List<String> algorithms, Long seed) {
            BuiltInScenarios.BuiltIn b = builtIn(spec);
            List<List<Event>> traces = new ArrayList<>();
            try {
                for (String algorithm : algorithms) {
                    traces.add(GalleryRuns.trace(b.name(), algorithm));
                }
                ScenarioWords words = ScenarioWords.of(Simulations.load(b.name()));
                return new Loaded(spec, b.id() + " · " + b.title(), traces, false, words);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
