package lockstep.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.application.Platform;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import lockstep.gui.source.SimulatorSource;
import lockstep.gui.view.LaneView;
import lockstep.gui.view.ViewSettings;
import lockstep.gui.view.WorkbenchView;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.WorkbenchViewModel;
import lockstep.simulator.trace.Event;

/** The real window, headless (Monocle): open a scenario, step, step back, two lanes in step, a bad file. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchSmokeTest {

    private final ExecutorService loader = Executors.newSingleThreadExecutor();
    private WorkbenchViewModel vm;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        vm = new WorkbenchViewModel(new SimulatorSource(), loader, Platform::runLater,
                Preferences.userRoot().node("lockstep/gui-tests"));
        WorkbenchView view = new WorkbenchView(vm, new ViewSettings(false));
        stage.setScene(WorkbenchView.scene(view, 1400, 900));
        stage.show();
    }

    @AfterEach
    void stopLoaderAndCloseWindows() throws Exception {
        loader.shutdownNow();
        // An error dialog left open would sit over the next test's window.
        org.testfx.api.FxToolkit.cleanupStages();
    }

    /** Presses a timeline button as a click would (fire), without depending on where the window lies on screen. */
    private void press(FxRobot robot, String id) {
        javafx.scene.control.Button button = robot.from(stage.getScene().getRoot()).lookup(id)
                .queryAs(javafx.scene.control.Button.class);
        robot.interact(button::fire);
    }

    private ReplayCursor openHerd(FxRobot robot) throws Exception {
        robot.interact(() -> vm.open("02", List.of("naive", "sequential"), null));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.getCursor() != null && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        return vm.getCursor();
    }

    private static int firstWaiting(LaneViewModel lane, String client) {
        return lane.events().stream().filter(e -> e instanceof Event.ClientState s && s.client().equals(client)
                && s.state() == Event.State.WAITING).findFirst().orElseThrow().index();
    }

    @Test
    void stepsForwardAndBackAndTheCaptionFollows(FxRobot robot) throws Exception {
        ReplayCursor cursor = openHerd(robot);
        assertTrue(robot.lookup("#chip-naive").tryQuery().isPresent(), "a chip per lane");
        javafx.scene.Node chip = robot.lookup("#chip-naive").query();
        assertTrue(chip.isVisible() && chip.getBoundsInParent().getWidth() > 20, "chip shown: " + chip.getBoundsInParent());
        // the first release's call: c1 has released, c2 still watches; one beat on, the notification has woken it
        int release = cursor.beats().firstBeatOfStep(5);
        robot.interact(() -> cursor.seek(release));
        LaneView lane = robot.from(stage.getScene().getRoot()).lookup("#lane-naive").queryAs(LaneView.class);
        String before = lane.clientText("c2");

        press(robot, "#forward");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(release + 1, cursor.getIndex());
        String after = lane.clientText("c2");
        assertNotEquals(before, after);
        assertEquals("waiting · woken: re-checking", after);

        press(robot, "#back");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, lane.clientText("c2"), "stepping back restores the caption");
    }

    /**
     * Presentation mode is full screen without JavaFX's "Press ESC" box over the lanes; leaving full screen the way Esc
     * does (the stage's own key) turns presentation mode off, so the window is not left in large type.
     */
    @Test
    void leavingFullScreenEndsPresentationMode(FxRobot robot) throws Exception {
        openHerd(robot);
        robot.interact(vm::togglePresentation);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(vm.presentationProperty().get());
        assertEquals("", stage.getFullScreenExitHint(), "no exit hint over the lanes");
        robot.interact(() -> stage.setFullScreen(false));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(vm.presentationProperty().get(), "presentation mode follows the stage out of full screen");
    }

    @Test
    void theLanguageMenuSwitchesTheWindowLiveAndTheTraceStaysEnglish(FxRobot robot) throws Exception {
        ReplayCursor cursor = openHerd(robot);
        int release = cursor.beats().firstBeatOfStep(5) + 1;
        robot.interact(() -> cursor.seek(release));
        String english = cursor.narrationProperty().get();
        try {
            javafx.scene.control.MenuBar bar = robot.lookup("#menu-bar").queryAs(javafx.scene.control.MenuBar.class);
            javafx.scene.control.Menu menu = bar.getMenus().stream().filter(m -> "menu-language".equals(m.getId()))
                    .findFirst().orElseThrow();
            javafx.scene.control.MenuItem russian = menu.getItems().stream()
                    .filter(i -> "language-ru".equals(i.getId())).findFirst().orElseThrow();
            robot.interact(russian::fire);
            WaitForAsyncUtils.waitForFxEvents();

            assertEquals(lockstep.algorithms.text.Language.RU, vm.languageProperty().get());
            assertEquals("Язык", menu.getText());
            assertEquals("_Экспорт", bar.getMenus().get(1).getText());
            assertEquals(release, cursor.getIndex(), "the same frame, drawn again");
            assertTrue(vm.titleProperty().get().startsWith("02 · Эффект стада"), vm.titleProperty().get());
            LaneView lane = robot.from(stage.getScene().getRoot()).lookup("#lane-naive").queryAs(LaneView.class);
            assertEquals("ожидает · разбужен: проверяет", lane.clientText("c2"));
            // the lane's own words follow too: subtitle, caption, server box
            String subtitle = lockstep.algorithms.registry.Algorithms.find("naive").orElseThrow().localSubtitle();
            assertEquals(subtitle, cursor.lanes().get(0).subtitleProperty().get());
            assertEquals(subtitle, robot.from(lane).lookup(".lane-subtitle")
                    .queryAs(javafx.scene.control.Label.class).getText());
            assertTrue(cursor.lanes().get(1).captionProperty().get().startsWith("c1 освободил блокировку."),
                    cursor.lanes().get(1).captionProperty().get());
            assertEquals(lockstep.gui.text.WindowTexts.text("server.up"), cursor.lanes().get(0).serverProperty().get());
            String russianBanner = cursor.lanes().get(0).ownNarrationProperty().get()
                    + cursor.narrationProperty().get();
            assertTrue(russianBanner.contains("Теперь владелец освобождает блокировку"), russianBanner);
            assertTrue(cursor.lanes().get(0).events().stream().filter(Event.Narration.class::isInstance)
                    .map(e -> ((Event.Narration) e).text()).anyMatch(t -> t.startsWith("Now the holder releases")),
                    "the trace keeps the English text");
        } finally {
            robot.interact(() -> vm.useLanguage(lockstep.algorithms.text.Language.EN));
        }
        assertEquals(english, cursor.narrationProperty().get());
    }

    @Test
    void twoLanesStayOnTheSameScriptLine(FxRobot robot) throws Exception {
        ReplayCursor cursor = openHerd(robot);
        for (int i = 0; i < 5; i++) {
            press(robot, "#line-forward");
        }
        WaitForAsyncUtils.waitForFxEvents();
        LaneViewModel naive = cursor.lanes().get(0);
        LaneViewModel sequential = cursor.lanes().get(1);
        assertEquals(5, naive.stepOf(naive.getIndex()));
        assertEquals(naive.stepOf(naive.getIndex()), sequential.stepOf(sequential.getIndex()));
    }

    @Test
    void rightClickingAClientBranchesTheRunIntoAThirdLane(FxRobot robot) throws Exception {
        robot.interact(() -> vm.open("10", List.of("naive", "sequential"), null));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.getCursor() != null && !vm.loadingProperty().get());
        ReplayCursor cursor = vm.getCursor();
        robot.interact(() -> cursor.seek(cursor.beats().lastBeatOfStep(2)));
        WaitForAsyncUtils.waitForFxEvents();

        // The secondary press is fired at the row itself, at its place on the screen, and the item picked from the
        // menu that opens: a window left over by another test class can sit where the robot's pointer would land.
        javafx.scene.Node row = robot.from(stage.getScene().getRoot()).lookup("#lane-sequential #client-c1")
                .queryAs(javafx.scene.Node.class);
        robot.interact(() -> {
            javafx.geometry.Bounds b = row.localToScreen(row.getBoundsInLocal());
            row.fireEvent(new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_PRESSED,
                    b.getWidth() / 2, b.getHeight() / 2, b.getCenterX(), b.getCenterY(),
                    javafx.scene.input.MouseButton.SECONDARY, 1, false, false, false, false, false, false, true,
                    true, false, false, null));
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("c1", cursor.lanes().get(1).selectedProperty().get(), "the press selects the client");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#branch-expire").tryQuery().isPresent());
        javafx.scene.control.ContextMenu menu = javafx.stage.Window.getWindows().stream()
                .filter(javafx.scene.control.ContextMenu.class::isInstance).map(javafx.scene.control.ContextMenu.class::cast)
                .filter(m -> "branch-menu".equals(m.getId())).findFirst().orElseThrow();
        javafx.scene.control.MenuItem expire = menu.getItems().stream()
                .filter(i -> i instanceof javafx.scene.control.CustomMenuItem c && "branch-expire".equals(c.getContent()
                        .getId())).findFirst().orElseThrow();
        robot.interact(() -> {
            expire.fire();
            menu.hide();
        });

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.getCursor() != cursor && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, vm.getCursor().lanes().size());
        assertTrue(robot.lookup("#lane-branch-2").tryQuery().isPresent(), "the branch is drawn as a third lane");
        assertTrue(vm.getCursor().lanes().get(2).title().startsWith("sequential + c1 expire at line "),
                vm.getCursor().lanes().get(2).title());
        assertTrue(robot.lookup("#lane-naive").tryQuery().isPresent() && robot.lookup("#lane-sequential").tryQuery()
                .isPresent(), "the original lanes stay");
    }

    @Test
    void aBadScenarioShowsTheOneLineErrorAndKeepsWhatWasOpen(FxRobot robot, @TempDir Path dir) throws Exception {
        ReplayCursor open = openHerd(robot);
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "title: bad\nclients: 2\nscript:\n  - c3 acquire\n");
        robot.interact(() -> vm.open(bad.toString(), List.of("naive"), null));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
                () -> robot.lookup("#error-dialog").tryQuery().isPresent());
        DialogPane dialog = robot.lookup("#error-dialog").queryAs(DialogPane.class);
        assertTrue(dialog.getContentText().startsWith(bad + ":4:5: unknown client 'c3'"), dialog.getContentText());
        assertSame(open, vm.getCursor(), "what was open stays open");
    }
}
