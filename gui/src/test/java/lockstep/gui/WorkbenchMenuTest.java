package lockstep.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.gui.render.LanePictures;
import lockstep.gui.source.SimulatorSource;
import lockstep.gui.text.WindowTexts;
import lockstep.gui.view.MenuTexts;
import lockstep.gui.view.ViewSettings;
import lockstep.gui.view.WorkbenchView;
import lockstep.gui.viewmodel.ExportTexts;
import lockstep.gui.viewmodel.WorkbenchViewModel;
import lockstep.simulator.export.Export;
import lockstep.simulator.export.Exports;

/**
 * The real window's menu, headless: File and Export are there, Export with an item for every format of the export
 * registry and its words in every language; before a run is open the export items are disabled and
 * the menu says why; once a run is open they are enabled, and the SVG item writes the file (the file chooser replaced
 * by a fixed answer, as a chooser cannot be driven headless).
 */
@ExtendWith(ApplicationExtension.class)
class WorkbenchMenuTest {

    private final ExecutorService loader = Executors.newSingleThreadExecutor();
    private final ExecutorService exporter = Executors.newSingleThreadExecutor();
    private WorkbenchViewModel vm;
    private WorkbenchView view;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        vm = new WorkbenchViewModel(new SimulatorSource(), loader, Platform::runLater, null, new LanePictures(),
                exporter);
        view = new WorkbenchView(vm, new ViewSettings(false));
        stage.setScene(WorkbenchView.scene(view, 1280, 800));
        stage.show();
    }

    @AfterEach
    void stop() throws Exception {
        loader.shutdownNow();
        exporter.shutdownNow();
        org.testfx.api.FxToolkit.cleanupStages();
    }

    private static MenuItem item(Menu menu, String id) {
        return menu.getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
    }

    @Test
    void theExportMenuHasAnItemForEveryFormatOfTheRegistryWithItsWordsInEveryLanguage(FxRobot robot) {
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        Menu export = bar.getMenus().get(1);
        List<String> ids = export.getItems().stream().map(MenuItem::getId)
                .filter(id -> id != null && id.startsWith("menu-export-") && !id.equals("menu-export-why")).toList();
        assertEquals(Exports.all().stream().map(f -> "menu-export-" + f.name()).toList(), ids);
        for (Export format : Exports.all()) {
            assertEquals(MenuTexts.text(MenuTexts.item(format)), item(export, "menu-export-" + format.name()).getText());
            for (Language language : Language.values()) {
                for (String key : List.of(MenuTexts.item(format), MenuTexts.title(format), MenuTexts.files(format))) {
                    assertTrue(Texts.bundle(WindowTexts.BUNDLE).resources(language).containsKey(key),
                            () -> key + " is missing in " + language);
                }
            }
        }
    }

    @Test
    void theExportItemsWaitForARunThenWriteTheirFile(FxRobot robot) throws Exception {
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        List<String> menus = bar.getMenus().stream().map(Menu::getId).toList();
        assertEquals(List.of("menu-file", "menu-export", "menu-language"), menus);
        Menu export = bar.getMenus().get(1);
        MenuItem svg = item(export, "menu-export-svg");
        assertTrue(svg.isDisable(), "nothing to export yet");
        assertTrue(item(export, "menu-export-why").isVisible());
        assertEquals(ExportTexts.text(ExportTexts.NO_RUN), item(export, "menu-export-why").getText());

        robot.interact(() -> vm.open("02", List.of("naive", "sequential"), null));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.getCursor() != null && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(svg.isDisable(), "a run is open");
        assertFalse(item(export, "menu-export-why").isVisible());
        assertFalse(item(export, "menu-save-gif").isDisable());

        Path out = dir.resolve("herd.svg");
        List<String> suggested = new java.util.ArrayList<>();
        robot.interact(() -> view.menu().useSavePlace((title, name, description, extension) -> {
            suggested.add(name);
            return out;
        }));
        robot.interact(svg::fire);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !vm.exports().savedProperty().get().isEmpty());
        assertEquals(List.of("02-naive.svg"), suggested);
        assertTrue(Files.readString(out).startsWith("<"), "an SVG was written");
        assertEquals("", vm.errorProperty().get());
    }

    @Test
    void aBugLaneAndTheBugsInThePickerCarryTheirWarningTag(FxRobot robot) throws Exception {
        robot.interact(() -> vm.open("14", List.of("bug-assume-on-wake", "sequential"), null));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.getCursor() != null && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node bugLane = robot.lookup("#lane-bug-assume-on-wake").query();
        List<String> tags = robot.from((javafx.scene.Node) bugLane).lookup(".bug-badge")
                .queryAllAs(javafx.scene.control.Label.class).stream().map(javafx.scene.control.Label::getText)
                .toList();
        assertEquals(List.of("BUG · mutual exclusion"), tags);
        javafx.scene.Node correct = robot.lookup("#lane-sequential").query();
        assertTrue(robot.from(correct).lookup(".bug-badge").queryAll().isEmpty(), "a correct lock has no tag");
        javafx.scene.control.MenuButton add = robot.lookup("#add-lane").queryAs(javafx.scene.control.MenuButton.class);
        MenuItem picked = add.getItems().stream().filter(i -> "add-bug-no-protection".equals(i.getId()))
                .findFirst().orElseThrow();
        assertTrue(picked instanceof javafx.scene.control.CustomMenuItem custom
                && custom.getContent().lookup(".bug-badge") != null, "the picker marks a bug too");
    }
}
