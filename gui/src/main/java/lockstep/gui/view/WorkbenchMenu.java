package lockstep.gui.view;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import javafx.animation.PauseTransition;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import javafx.util.Duration;
import lockstep.algorithms.text.Language;
import lockstep.gui.viewmodel.RunExports;
import lockstep.gui.viewmodel.WorkbenchViewModel;
import lockstep.simulator.export.Export;

/**
 * The window's menu bar: File (open), Export (an item for each format of {@code lockstep export}'s registry, then a
 * frame as PNG and the run as GIF) and Language (switches the window live), with the progress of a picture being drawn
 * and its Cancel button at the right. Steps of an item: ask for a file ({@link SavePlace}, a file chooser in the window), then hand it to the
 * {@link RunExports} command. While no run is open the export items are disabled and the menu's first line says why.
 */
public final class WorkbenchMenu extends HBox {

    /** Where to save: asks the user (a file chooser), or a test's answer. Null when the user gave up. */
    @FunctionalInterface
    public interface SavePlace {
        Path ask(String title, String suggestedName, String filesDescription, String extension);
    }

    private final WorkbenchViewModel vm;
    private SavePlace place = this::choose;
    /** Sets each word of the menu again in the window's language; run at once and after every switch. */
    private final List<Runnable> relabels = new java.util.ArrayList<>();

    public WorkbenchMenu(WorkbenchViewModel vm, Runnable open) {
        this.vm = vm;
        getStyleClass().add("menu-row");
        setAlignment(Pos.CENTER_LEFT);
        RunExports exports = vm.exports();

        MenuItem openItem = worded(new MenuItem(), MenuTexts.OPEN);
        openItem.setId("menu-open");
        openItem.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        openItem.setOnAction(e -> open.run());
        Menu file = worded(new Menu("", null, openItem), MenuTexts.FILE);
        file.setId("menu-file");

        MenuItem why = new MenuItem();
        why.setId("menu-export-why");
        why.textProperty().bind(exports.refusalProperty());
        why.setDisable(true);
        why.visibleProperty().bind(exports.refusalProperty().isNotEmpty());
        List<MenuItem> formats = new java.util.ArrayList<>();
        for (Export format : exports.formats()) {
            // The first format, the sequence diagram, is the one a key asks for.
            String accelerator = formats.isEmpty() ? "Shortcut+E" : null;
            formats.add(item("menu-export-" + format.name(), MenuTexts.item(format), accelerator, () -> {
                Path out = ask(MenuTexts.text(MenuTexts.title(format)), format.suggestedSuffix(),
                        MenuTexts.text(MenuTexts.files(format)), format.extension());
                if (out != null) {
                    exports.export(format, out);
                }
            }));
        }
        MenuItem png = item("menu-save-png", MenuTexts.PNG, "Shortcut+S", () -> {
            Path out = ask(MenuTexts.text(MenuTexts.PNG_TITLE), "-frame", MenuTexts.text(MenuTexts.PNG_FILES), "png");
            if (out != null) {
                exports.saveFrame(out, look());
            }
        });
        MenuItem gif = item("menu-save-gif", MenuTexts.GIF, "Shortcut+Shift+S", () -> {
            Path out = ask(MenuTexts.text(MenuTexts.GIF_TITLE), "", MenuTexts.text(MenuTexts.GIF_FILES), "gif");
            if (out != null) {
                exports.saveGif(out, look());
            }
        });
        List<MenuItem> items = new java.util.ArrayList<>(formats);
        items.addAll(List.of(png, gif));
        for (MenuItem item : items) {
            item.disableProperty().bind(exports.refusalProperty().isNotEmpty().or(exports.busyProperty()));
        }
        Menu export = worded(new Menu(), MenuTexts.EXPORT);
        export.getItems().add(why);
        export.getItems().addAll(formats);
        export.getItems().addAll(new SeparatorMenuItem(), png, gif);
        export.setId("menu-export");

        MenuBar bar = new MenuBar(file, export, languageMenu());
        bar.setId("menu-bar");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        getChildren().addAll(bar, spacer, progress(exports));
        relabels.forEach(Runnable::run);
        vm.languageProperty().addListener(o -> relabels.forEach(Runnable::run));
    }

    /** {@code item} with the words of {@code key}, set again after every switch of language. */
    private <T extends MenuItem> T worded(T item, String key) {
        relabels.add(() -> item.setText(MenuTexts.text(key)));
        return item;
    }

    /**
     * Language: English, 中文, Русский, each named in itself so a reader finds their own; choosing one switches the
     * window live ({@link WorkbenchViewModel#useLanguage}).
     */
    private Menu languageMenu() {
        Menu menu = worded(new Menu(), MenuTexts.LANGUAGE);
        menu.setId("menu-language");
        ToggleGroup group = new ToggleGroup();
        for (Language language : Language.values()) {
            RadioMenuItem item = new RadioMenuItem(language.ownName());
            item.setId("language-" + language.tag());
            item.setToggleGroup(group);
            item.setOnAction(e -> vm.useLanguage(language));
            menu.getItems().add(item);
        }
        relabels.add(() -> group.getToggles().forEach(t -> t.setSelected(
                ((RadioMenuItem) t).getId().equals("language-" + vm.languageProperty().get().tag()))));
        return menu;
    }

    /** Replaces the file chooser (tests: a file chooser cannot be driven headless). */
    public void useSavePlace(SavePlace place) {
        this.place = place;
    }

    private MenuItem item(String id, String key, String accelerator, Runnable action) {
        MenuItem item = worded(new MenuItem(), key);
        item.setId(id);
        if (accelerator != null) {
            item.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        item.setOnAction(e -> action.run());
        return item;
    }

    /** The progress of a file being made, shown only when it takes more than a moment; then what was written. */
    private HBox progress(RunExports exports) {
        ProgressBar bar = new ProgressBar();
        bar.setPrefWidth(160);
        bar.progressProperty().bind(exports.progressProperty());
        Label what = new Label();
        what.getStyleClass().add("muted-text");
        what.setId("export-progress");
        Button cancel = new Button();
        relabels.add(() -> cancel.setText(MenuTexts.text(MenuTexts.CANCEL)));
        cancel.setId("export-cancel");
        cancel.setFocusTraversable(false);
        cancel.setOnAction(e -> exports.cancel());
        Label saved = new Label();
        saved.setId("export-saved");
        saved.getStyleClass().add("muted-text");
        saved.textProperty().bind(exports.savedProperty());
        HBox running = new HBox(10, what, bar, cancel);
        running.setAlignment(Pos.CENTER_RIGHT);
        running.setVisible(false);
        running.managedProperty().bind(running.visibleProperty());
        saved.visibleProperty().bind(running.visibleProperty().not());
        saved.managedProperty().bind(saved.visibleProperty());
        what.textProperty().bind(exports.progressTextProperty());
        // A quick export never flashes a bar: it shows after a moment, and goes as soon as the job ends.
        PauseTransition moment = new PauseTransition(Duration.millis(400));
        moment.setOnFinished(e -> running.setVisible(exports.busyProperty().get()));
        exports.busyProperty().addListener((o, was, now) -> {
            if (now) {
                moment.playFromStart();
            } else {
                moment.stop();
                running.setVisible(false);
            }
        });
        HBox box = new HBox(10, running, saved);
        box.setAlignment(Pos.CENTER_RIGHT);
        return box;
    }

    private RunExports.Look look() {
        double w = getScene() == null ? 1400 : getScene().getWidth();
        double h = getScene() == null ? 860 : getScene().getHeight();
        return new RunExports.Look((int) Math.round(w), (int) Math.round(h), vm.darkProperty().get(),
                vm.presentationProperty().get());
    }

    private Path ask(String title, String suffix, String description, String extension) {
        return place.ask(title, suggestedName() + suffix + "." + extension, description, extension);
    }

    /** "02-naive": the run and the focused lane, as a file name. */
    private String suggestedName() {
        String spec = vm.specProperty().get();
        String base = spec.isEmpty() ? "lockstep"
                : Path.of(spec).getFileName().toString().replaceFirst("\\.[^.]*$", "");
        String lane = vm.getCursor() == null ? "" : "-" + vm.getCursor().focusedLaneModel().algorithm();
        return (base + lane).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private Path choose(String title, String suggestedName, String description, String extension) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(suggestedName);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(description, "*." + extension));
        Window owner = getScene() == null ? null : getScene().getWindow();
        File chosen = chooser.showSaveDialog(owner);
        return chosen == null ? null : chosen.toPath();
    }
}
