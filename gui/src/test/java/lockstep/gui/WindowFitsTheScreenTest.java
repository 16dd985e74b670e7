package lockstep.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.text.Text;
import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.gui.render.FrameRenderer;
import lockstep.gui.render.HeadlessFx;
import lockstep.gui.source.SimulatorSource;
import lockstep.gui.view.ViewSettings;
import lockstep.gui.view.WorkbenchView;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.gui.viewmodel.WorkbenchViewModel;
import lockstep.simulator.BadInputException;

/**
 * The projector test: the whole window (menu, bar, narration, lanes, legend, timeline, inspector) laid out headless at
 * 1280x800, 1600x1000 and 1920x1080, in normal and presentation mode, with two and three lanes, in English, Chinese and
 * Russian, on the herd (02, ten clients), the five-client scenarios (03, 06) and the zombie (10: a pause, an expiry,
 * a finding). At every beat checked, every client
 * row and every znode card lies inside its lane's visible area (no lane has to be scrolled to see them), no label of
 * the window shows "…" or "..." for a text that has none (the status line, captions, paths, tabs; the event log's
 * cells and the scenario picker excepted), a client row's words stay inside it and whole (a narrow lane drops its
 * rows' state words before it would cut a caption), and the lanes, banner, legend and timeline lie inside the window. With {@code -Dlockstep.shots=DIR} it also writes each layout as a PNG
 * there, to look at (at the herd's beat 11 for 02, two thirds through the others, or at
 * {@code -Dlockstep.shots.beat=K}); {@code -Dlockstep.fit.only=02} lays out one scenario only.
 */
class WindowFitsTheScreenTest {

    private static final int[][] SIZES = {{1280, 800}, {1600, 1000}, {1920, 1080}};

    /** Runs are made once per (scenario, lanes) and shared by every layout of them. */
    private static final Map<String, TraceSource.Loaded> RUNS = new HashMap<>();

    @BeforeAll
    static void toolkit() {
        HeadlessFx.start();
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Language language : Language.values()) {
            for (boolean presentation : new boolean[] {false, true}) {
                for (int[] size : SIZES) {
                    // Chinese and Russian at the smallest size, and in presentation mode at the largest: their
                    // texts are the longest; the sizes between add little
                    if (language != Language.EN && (size[0] == 1600 || (size[0] == 1280) == presentation)) {
                        continue;
                    }
                    out.add(Arguments.of("02", List.of("naive", "sequential"), size[0], size[1], presentation,
                            language));
                    out.add(Arguments.of("03", List.of("naive", "sequential", "curator-mutex"), size[0], size[1],
                            presentation, language));
                    out.add(Arguments.of("06", List.of("rwlock", "curator-rwlock"), size[0], size[1], presentation,
                            language));
                    // the zombie: a paused holder, its expiry, the write it should not make, and a finding
                    out.add(Arguments.of("10", List.of("naive", "sequential"), size[0], size[1], presentation,
                            language));
                }
            }
        }
        // the herd and the chain in three lanes, the narrowest lanes with the longest words: Russian at 1280x800 (the
        // chain's children-watch lane says "watching the list of children" on every waiting row)
        out.add(Arguments.of("02", List.of("naive", "sequential", "curator-mutex"), 1280, 800, false, Language.RU));
        out.add(Arguments.of("03", List.of("naive", "sequential", "children-watch"), 1280, 800, false, Language.RU));
        // a stopped server's wide dark chip beside the title in presentation type (the title once wrapped inside its
        // word, "sequentia / l", when the header was arranged with the chip's old width)
        out.add(Arguments.of("13", List.of("naive", "sequential"), 1600, 1000, true, Language.EN));
        // -Dlockstep.fit.only=02 looks at one scenario only (to look at its pictures)
        String only = System.getProperty("lockstep.fit.only");
        return out.stream().filter(a -> only == null || only.equals(a.get()[0]));
    }

    @ParameterizedTest(name = "{0} {1} at {2}x{3} presentation={4} in {5}")
    @MethodSource("cases")
    void everyClientAndNodeIsInViewAndNothingIsCut(String scenario, List<String> algorithms, int width, int height,
                                                  boolean presentation, Language language) throws Exception {
        List<String> found;
        try {
            Texts.use(language);
            found = HeadlessFx.call(() -> lookAt(scenario, algorithms, width, height, presentation, language));
        } finally {
            Texts.use(Language.EN);
        }
        assertTrue(found.isEmpty(), scenario + " " + algorithms + " " + width + "x" + height
                + (presentation ? " presentation" : "") + " " + language + ": " + found);
    }

    private static List<String> lookAt(String scenario, List<String> algorithms, int width, int height,
                                       boolean presentation, Language language) throws Exception {
        WorkbenchViewModel vm = new WorkbenchViewModel(new Cached(), Runnable::run, Runnable::run, null);
        vm.useLanguage(language);
        WorkbenchView view = new WorkbenchView(vm, new ViewSettings(false));
        Scene scene = WorkbenchView.scene(view, width, height);
        vm.open(scenario, algorithms, null);
        if (presentation) {
            vm.togglePresentation();
        }
        ReplayCursor cursor = vm.getCursor();
        List<String> found = new ArrayList<>();
        int n = cursor.sizeProperty().get();
        // about eight beats and the last: a row's place does not change between beats, its texts do (every beat with
        // -Dlockstep.fit.every=true, as before an issue about the layout is closed)
        int stride = Boolean.getBoolean("lockstep.fit.every") ? 1 : Math.max(3, n / 8);
        for (int b = 0; b < n && found.size() < 6; b = b + stride < n || b == n - 1 ? b + stride : n - 1) {
            cursor.seek(b);
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            // the lanes place their rows from their viewport's size: a second pass once it is known
            scene.getRoot().layout();
            check(scene.getRoot(), "beat " + b, found);
            if (b == n - 1) {
                break;
            }
        }
        String shots = System.getProperty("lockstep.shots");
        if (shots != null) {
            int beat = Integer.getInteger("lockstep.shots.beat", "02".equals(scenario) ? 11 : n * 2 / 3);
            beat = Math.min(beat, n - 1);
            cursor.seek(beat);
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            scene.getRoot().layout();
            Path out = Path.of(shots, scenario + "-" + algorithms.size() + "lanes-" + width + "x" + height
                    + (presentation ? "-presentation" : "") + "-" + language.tag() + ".png");
            Files.createDirectories(out.getParent());
            FrameRenderer.writePng(SwingFXUtils.fromFXImage(scene.snapshot(null), null), out);
        }
        return found;
    }

    private static void check(Parent root, String where, List<String> found) {
        for (Node lane : root.lookupAll(".lane")) {
            ScrollPane scroll = (ScrollPane) lane.lookup(".lane-scroll");
            Bounds visible = scroll.localToScene(scroll.getLayoutBounds());
            for (Node item : lane.lookupAll(".client-row")) {
                inside(item, visible, where + " " + lane.getId() + " " + item.getId(), found);
                // its words inside the row and whole, with two lanes and three: never under the session lines and
                // the server's column, never cut (a narrow lane shows its captions without the state words instead)
                double w = item.getLayoutBounds().getWidth();
                for (Node child : ((Parent) item).getChildrenUnmodifiable()) {
                    if (child instanceof Text t && t.isVisible() && !t.getText().isEmpty()) {
                        if (t.getBoundsInParent().getMaxX() > w + 1) {
                            found.add(where + " " + lane.getId() + " " + item.getId() + ": '" + t.getText()
                                    + "' runs past its row");
                        }
                        if (cut(t.getText())) {
                            found.add(where + " " + lane.getId() + " " + item.getId() + ": '" + t.getText()
                                    + "' is cut");
                        }
                    }
                }
            }
            // a lane's name of one word on one line (a name of several may wrap between its words)
            for (Node item : lane.lookupAll(".lane-title")) {
                if (item instanceof Labeled title && !title.getText().contains(" ")
                        && title.getHeight() > title.getFont().getSize() * 2) {
                    found.add(where + " " + lane.getId() + ": its name '" + title.getText() + "' wraps inside it");
                }
            }
            for (Node item : lane.lookupAll(".znode-card")) {
                if (item.getParent() != null) {
                    inside(item, visible, where + " " + lane.getId() + " a znode card", found);
                }
            }
        }
        // the parts of the window themselves inside it
        Scene scene = root.getScene();
        javafx.geometry.BoundingBox window = new javafx.geometry.BoundingBox(0, 0, scene.getWidth(), scene.getHeight());
        for (String part : List.of(".lane", ".narration", ".timeline", ".legend", "#position", "#presentation",
                "#scenario-picker")) {
            for (Node node : root.lookupAll(part)) {
                inside(node, window, where + " " + part, found);
            }
        }
        elided(root, where, found);
    }

    private static void inside(Node item, Bounds visible, String what, List<String> found) {
        if (!item.isVisible()) {
            return;
        }
        Bounds b = item.localToScene(item.getLayoutBounds());
        if (b.getMinY() < visible.getMinY() - 1 || b.getMaxY() > visible.getMaxY() + 1
                || b.getMinX() < visible.getMinX() - 1 || b.getMaxX() > visible.getMaxX() + 1) {
            found.add(what + " at " + box(b) + " outside the visible " + box(visible));
        }
    }

    private static String box(Bounds b) {
        return Math.round(b.getMinX()) + "," + Math.round(b.getMinY()) + "-" + Math.round(b.getMaxX()) + ","
                + Math.round(b.getMaxY());
    }

    private static void elided(Node node, String where, List<String> found) {
        // (the scenario picker gives way first on a narrow bar: its title is the banner's at beat 0, and its tooltip)
        if (!node.isVisible() || "scenario-picker".equals(node.getId())) {
            return;
        }
        // (the event log's cells may cut a long event: the row is read whole in its lane and in the sequence view)
        // (nor the lane's subtitle, shortened in a narrow lane with its whole text as its tooltip)
        if (node instanceof Labeled labeled && labeled.getText() != null && !labeled.getText().isEmpty()
                && !node.getStyleClass().contains("table-cell") && !wholeInTooltip(labeled)) {
            for (Node child : labeled.getChildrenUnmodifiable()) {
                if (child instanceof Text t && cut(t.getText()) && !cut(labeled.getText())) {
                    found.add(where + ": '" + labeled.getText() + "' shown as '" + t.getText() + "'");
                }
            }
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                elided(child, where, found);
            }
        }
    }

    /** The lane's subtitle, which may be shortened because its tooltip holds it whole. */
    static boolean wholeInTooltip(Labeled labeled) {
        return labeled.getStyleClass().contains("lane-subtitle") && labeled.getTooltip() != null
                && labeled.getText().equals(labeled.getTooltip().getText());
    }

    /** JavaFX's own ellipsis is three dots; the project's texts use "…". */
    private static boolean cut(String text) {
        return text.contains("…") || text.contains("...");
    }

    /** The simulator's runs, each made once for the whole test class. */
    private static final class Cached implements TraceSource {
        private final SimulatorSource real = new SimulatorSource();

        @Override
        public List<lockstep.simulator.scenario.BuiltInScenarios.BuiltIn> builtIns() {
            return real.builtIns();
        }

        @Override
        public List<String> algorithms() {
            return real.algorithms();
        }

        @Override
        public Loaded load(String spec, List<String> algorithms, Long seed) throws BadInputException {
            String key = spec + algorithms + seed;
            Loaded loaded = RUNS.get(key);
            if (loaded == null) {
                loaded = real.load(spec, algorithms, seed);
                RUNS.put(key, loaded);
            }
            return loaded;
        }
    }
}
