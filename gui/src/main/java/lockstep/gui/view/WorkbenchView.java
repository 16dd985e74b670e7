package lockstep.gui.view;

import java.io.File;
import java.util.List;

import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import javafx.scene.shape.SVGPath;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.StateStyle;
import lockstep.gui.viewmodel.WorkbenchViewModel;
import lockstep.simulator.scenario.BuiltInScenarios;

import lockstep.gui.text.WindowTexts;

/**
 * The main window's content: menu bar (File, Export, Language), top bar (scenario picker, lane chips, seed, theme, presentation), narration, lanes,
 * legend, timeline and inspector. It binds to the {@link WorkbenchViewModel} and delegates every action to it; when
 * a new run is open the lanes, timeline and inspector are rebuilt around its {@link ReplayCursor}.
 */
public final class WorkbenchView extends BorderPane {

    private final WorkbenchViewModel vm;
    private final ViewSettings settings;
    private final HBox chips = new HBox(8);
    private final MenuButton scenarioPicker = new MenuButton();
    private final TextField seed = new TextField();
    private final StackPane centre = new StackPane();
    private final Label lanesLabel = new Label();
    private Label brand;
    private final Label seedLabel = new Label();
    private final ToggleButton dark = new ToggleButton();
    private final ToggleButton presentation = new ToggleButton();
    /** Shows or hides the inspector; on its own it is shown where the window is wide enough for it. */
    private final ToggleButton inspectorToggle = new ToggleButton();
    /** The user's choice of inspector (null: decided by the window's width). */
    private Boolean inspectorChosen;
    private final VBox bars = new VBox();
    private HBox bar;
    private HBox body;
    private VBox main;
    private LanesView lanes;
    private TimelineView timeline;
    private InspectorView inspector;
    private Alert lastAlert;
    private final WorkbenchMenu menu;

    public WorkbenchView(WorkbenchViewModel vm, ViewSettings settings) {
        this.vm = vm;
        this.settings = settings;
        getStyleClass().add("workbench");
        menu = new WorkbenchMenu(vm, this::chooseFile);
        settings.setFoldFindings(true);
        bar = topBar();
        bars.getChildren().setAll(menu, bar);
        // (a bar wider than the window is cut at its edge, never widens the lanes past it)
        bars.setMinWidth(0);
        setTop(bars);
        // The window lays itself out for the screen it is on: the bars on one line where they fit, the inspector beside
        // the lanes where there is room for both, presentation sizes for the room the screen gives.
        widthProperty().addListener(o -> fitTheScreen());
        heightProperty().addListener(o -> fitTheScreen());
        Label loading = new Label(WindowTexts.text("workbench.running"));
        loading.getStyleClass().add("muted-text");
        centre.getChildren().add(loading);
        setCenter(centre);
        vm.cursorProperty().addListener((o, a, b) -> show(b));
        vm.errorCountProperty().addListener((o, a, b) -> showError(vm.errorProperty().get()));
        vm.darkProperty().addListener(o -> applyTheme());
        vm.presentationProperty().addListener(o -> {
            applyTheme();
            // Projection: the whole screen, and playback holds at every narration and release until Space.
            if (getScene() != null && getScene().getWindow() instanceof javafx.stage.Stage stage) {
                // No "Press ESC to exit full-screen mode" box over the lanes for the first seconds in front of a class;
                // P, the Presentation button and Esc leave it (Esc through the stage: presentation mode follows).
                stage.setFullScreenExitHint("");
                if (!followsFullScreen) {
                    followsFullScreen = true;
                    stage.fullScreenProperty().addListener((p, was, now) -> {
                        if (!now && vm.presentationProperty().get()) {
                            vm.togglePresentation();
                        }
                    });
                }
                stage.setFullScreen(vm.presentationProperty().get());
            }
            if (vm.getCursor() != null) {
                vm.getCursor().stopAtMarksProperty().set(vm.presentationProperty().get());
            }
            focusTimeline();
        });
        vm.darkProperty().addListener(o -> focusTimeline());
        // A switch of language: the bar's words are set again and the lanes, timeline and inspector are built again
        // around the same cursor (its current frame already re-read by the view model).
        vm.languageProperty().addListener(o -> {
            WindowFonts.missingFontWarning().ifPresent(System.err::println);
            applyTheme();
            relabel();
            if (vm.getCursor() != null) {
                show(vm.getCursor());
            }
        });
        vm.algorithms().addListener((javafx.collections.ListChangeListener<String>) c -> focusTimeline());
        sceneProperty().addListener((o, a, b) -> {
            if (b != null) {
                applyTheme();
                b.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
            }
        });
        if (vm.getCursor() != null) {
            show(vm.getCursor());
        }
    }

    private void applyTheme() {
        settings.paletteProperty().set(vm.darkProperty().get() ? Palette.DARK : Palette.LIGHT);
        settings.presentationProperty().set(vm.presentationProperty().get());
        if (getScene() != null) {
            Theme.apply(getScene(), vm.darkProperty().get(), vm.presentationProperty().get(), settings.roomProperty().get());
        }
        showInspector();
    }

    /** The width from which the inspector is shown beside two lanes without taking the room their clients need. */
    static final double INSPECTOR_FROM = 1700;
    /** Below this height the window's margins and gaps tighten, so the clients keep the room. */
    static final double TIGHT_BELOW = 950;

    private void showInspector() {
        if (inspector == null) {
            return;
        }
        boolean wide = getWidth() <= 0 || getWidth() >= INSPECTOR_FROM;
        boolean show = !vm.presentationProperty().get() && (inspectorChosen == null ? wide : inspectorChosen);
        inspector.setVisible(show);
        inspector.setManaged(show);
        inspectorToggle.setSelected(show);
        inspectorToggle.setDisable(vm.presentationProperty().get());
    }

    @Override
    protected void layoutChildren() {
        arrangeBars();
        super.layoutChildren();
    }

    /**
     * The menu on the bar's line when both fit in the width, above it otherwise; on a narrow window the brand shows
     * only its mark and the lanes' chips go without their word, so the scenario's title keeps its room.
     */
    private void arrangeBars() {
        double w = getWidth();
        if (w <= 0) {
            return;
        }
        boolean narrow = w < 1500;
        brand.setContentDisplay(narrow ? javafx.scene.control.ContentDisplay.GRAPHIC_ONLY
                : javafx.scene.control.ContentDisplay.LEFT);
        lanesLabel.setVisible(!narrow);
        lanesLabel.setManaged(!narrow);
        boolean oneLine = menu.prefWidth(-1) + bar.prefWidth(-1) <= w;
        boolean isOneLine = bars.getChildren().size() == 1;
        if (oneLine == isOneLine) {
            return;
        }
        bars.getChildren().clear();
        if (oneLine) {
            HBox line = new HBox(menu, bar);
            HBox.setHgrow(bar, Priority.ALWAYS);
            line.getStyleClass().add("bars-line");
            line.setAlignment(Pos.CENTER_LEFT);
            bars.getChildren().setAll(line);
        } else {
            bars.getChildren().setAll(menu, bar);
        }
    }

    /** Lays the window out for its size: presentation's room, margins, and the inspector. */
    private void fitTheScreen() {
        double w = getWidth();
        double h = getHeight();
        if (w <= 0 || h <= 0) {
            return;
        }
        double room = ViewSettings.roomOf(w, h);
        if (room != settings.roomProperty().get()) {
            settings.roomProperty().set(room);
            applyTheme();
        }
        boolean tight = h < TIGHT_BELOW;
        getStyleClass().remove("tight");
        if (tight) {
            getStyleClass().add("tight");
        }
        if (body != null) {
            body.setPadding(tight ? new Insets(10, 16, 10, 16) : new Insets(16, 24, 20, 24));
            body.setSpacing(tight ? 10 : 16);
            main.setSpacing(tight ? 8 : 16);
        }
        showInspector();
    }

    private void onKey(KeyEvent e) {
        ReplayCursor cursor = vm.getCursor();
        if (cursor == null || (getScene().getFocusOwner() instanceof TextInputControl)) {
            return;
        }
        KeyCode code = e.getCode();
        if (code == KeyCode.SPACE) {
            cursor.togglePlay();
        } else if (code == KeyCode.LEFT) {
            if (e.isShiftDown()) {
                cursor.previousLine();
            } else {
                cursor.back();
            }
        } else if (code == KeyCode.RIGHT) {
            if (e.isShiftDown()) {
                cursor.nextLine();
            } else {
                cursor.forward();
            }
        } else if (code == KeyCode.F) {
            cursor.nextFinding();
        } else if (code == KeyCode.UP || code == KeyCode.DOWN) {
            cursor.focusedLaneModel().selectNext(code == KeyCode.UP ? -1 : 1);
        } else if (code == KeyCode.ENTER || code == KeyCode.CONTEXT_MENU) {
            // The selected client's menu, under its row in the focused lane.
            String client = cursor.focusedLaneModel().selectedProperty().get();
            if (client.isEmpty() || lanes == null) {
                return;
            }
            lanes.laneViews().get(cursor.focusedLaneProperty().get()).requestClientMenu(client);
        } else if (code == KeyCode.P && !e.isShortcutDown()) {
            // P for projection, as in the player page: the lesson plan's mode without hunting for the bar's button
            vm.togglePresentation();
        } else if (code == KeyCode.HOME) {
            cursor.home();
        } else if (code == KeyCode.END) {
            cursor.end();
        } else {
            return;
        }
        e.consume();
    }

    private void show(ReplayCursor cursor) {
        if (lanes != null) {
            lanes.dispose();
            timeline.dispose();
            vm.getCursor();
        }
        lanes = new LanesView(cursor, settings);
        lanes.setId("lanes");
        lanes.setOnClientMenu((lane, client, owner, x, y) -> BranchMenu.show(vm, lane, client, owner, x, y));
        VBox.setVgrow(lanes, Priority.ALWAYS);
        timeline = new TimelineView(cursor, settings);
        inspector = new InspectorView(cursor, settings);
        inspector.setId("inspector");
        cursor.stopAtMarksProperty().set(vm.presentationProperty().get());
        NarrationBanner narration = new NarrationBanner(cursor);
        narration.setId("narration");
        javafx.scene.layout.FlowPane legend = legend();
        if (cursor.lanes().size() >= 3) {
            // Three lanes in a low window (1280x800): the legend's line or two go to the clients, whose ten rows would
            // otherwise be too short to read and, at a beat with a longer caption, scroll. Its symbols are explained in
            // chapter 01, and each row's look says its state.
            legend.visibleProperty().bind(heightProperty().greaterThanOrEqualTo(LEGEND_NEEDS_HEIGHT));
            legend.managedProperty().bind(legend.visibleProperty());
        }
        main = new VBox(16, narration, lanes, legend, timeline);
        HBox.setHgrow(main, Priority.ALWAYS);
        // The main column takes what the inspector leaves: a long caption must wrap, never squeeze the inspector (its
        // tabs cut, the speed box emptied) as it did when the column asked for the caption's one-line width.
        main.setPrefWidth(380 * cursor.lanes().size()); // three lanes take room from the inspector, down to its minimum
        main.setMinWidth(0);
        body = new HBox(16, main, inspector);
        body.setPadding(new Insets(16, 24, 20, 24));
        centre.getChildren().setAll(body);
        applyTheme();
        fitTheScreen();
        focusTimeline();
    }

    /**
     * Gives the keyboard back to the timeline, so that Space and the arrows work after any menu action, a scenario
     * picked or a lane removed (otherwise focus falls to the seed field or to a chip that is gone).
     */
    private void focusTimeline() {
        javafx.application.Platform.runLater(() -> {
            if (timeline != null && timeline.getScene() != null) {
                timeline.requestFocus();
            }
        });
    }

    public LanesView lanesView() {
        return lanes;
    }

    /** The menu bar (File, Export) and the progress of an export. */
    public WorkbenchMenu menu() {
        return menu;
    }

    private void showError(String message) {
        if (lastAlert != null) {
            lastAlert.close();
        }
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.setTitle("Lockstep");
        alert.setHeaderText(vm.errorHeadingProperty().get());
        alert.setContentText(message);
        alert.getDialogPane().setId("error-dialog");
        alert.getDialogPane().getStylesheets().setAll(getScene() == null ? List.of()
                : getScene().getStylesheets());
        if (getScene() != null && getScene().getWindow() != null) {
            alert.initOwner(getScene().getWindow());
        }
        lastAlert = alert;
        alert.show();
    }

    private HBox topBar() {
        Rectangle mark = new Rectangle(26, 26);
        mark.setArcWidth(8);
        mark.setArcHeight(8);
        mark.getStyleClass().add("brand-mark");
        SVGPath steps = new SVGPath();
        steps.setContent("M5 19h5v-5h5V9h5V5h2v6h-5v5h-5v5H5z");
        steps.setFill(Color.WHITE);
        brand = new Label("Lockstep", new StackPane(mark, steps));
        brand.getStyleClass().add("brand");
        brand.setGraphicTextGap(10);

        scenarioPicker.getStyleClass().add("scenario-picker");
        scenarioPicker.setId("scenario-picker");
        scenarioPicker.setFocusTraversable(false);
        scenarioPicker.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> vm.titleProperty().get().isEmpty() ? WindowTexts.text("workbench.open-a-scenario")
                        : vm.titleProperty().get(), vm.titleProperty(), vm.languageProperty()));
        scenarioPicker.setOnShowing(e -> fillPicker());
        fillPicker();

        lanesLabel.getStyleClass().add("bar-label");
        vm.algorithms().addListener((ListChangeListener<String>) c -> fillChips());
        vm.traceFileProperty().addListener(o -> fillChips());
        fillChips();

        seedLabel.getStyleClass().add("bar-label");
        seed.setPrefColumnCount(6);
        seed.setMinWidth(Region.USE_PREF_SIZE);
        seed.setId("seed");
        seed.disableProperty().bind(vm.traceFileProperty());
        vm.seedProperty().addListener((o, a, b) -> seed.setText(b == null ? "" : Long.toString(b)));
        seed.setOnAction(e -> {
            try {
                vm.changeSeed(Long.parseLong(seed.getText().strip()));
            } catch (NumberFormatException bad) {
                seed.setText(vm.seedProperty().get() == null ? "" : Long.toString(vm.seedProperty().get()));
            }
            requestFocus();
        });

        dark.setId("dark");
        dark.setFocusTraversable(false);
        dark.setOnAction(e -> vm.toggleDark());
        vm.darkProperty().addListener((o, a, b) -> dark.setSelected(b));
        presentation.setId("presentation");
        presentation.setFocusTraversable(false);
        presentation.setOnAction(e -> vm.togglePresentation());
        inspectorToggle.setId("inspector-toggle");
        inspectorToggle.setFocusTraversable(false);
        inspectorToggle.setOnAction(e -> {
            inspectorChosen = inspectorToggle.isSelected();
            showInspector();
            focusTimeline();
        });
        vm.presentationProperty().addListener((o, a, b) -> presentation.setSelected(b));

        relabel();

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        // A long scenario title gives way first (its full text is in the picker): the brand, the lanes' names, the
        // seed and the toggles are never cut down to "…".
        for (javafx.scene.control.Control fixed : List.of(brand, lanesLabel, seedLabel, inspectorToggle, dark,
                presentation)) {
            fixed.setMinWidth(Region.USE_PREF_SIZE);
        }
        scenarioPicker.setMinWidth(160);
        javafx.scene.control.Tooltip fullTitle = new javafx.scene.control.Tooltip();
        fullTitle.textProperty().bind(vm.titleProperty());
        scenarioPicker.setTooltip(fullTitle);
        HBox bar = new HBox(brand, scenarioPicker, lanesLabel, chips, spacer, seedLabel, seed, inspectorToggle, dark,
                presentation);
        bar.getStyleClass().add("top-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    /** Sets the bar's words in the window's language (the menu bar, with the language menu, sets its own). */
    private void relabel() {
        lanesLabel.setText(WindowTexts.text("workbench.lanes"));
        seedLabel.setText(WindowTexts.text("workbench.seed"));
        dark.setText(WindowTexts.text("workbench.dark"));
        presentation.setText(WindowTexts.text("workbench.presentation"));
        inspectorToggle.setText(WindowTexts.text("workbench.inspector"));
        fillPicker();
        fillChips();
    }

    private void fillPicker() {
        scenarioPicker.getItems().clear();
        for (BuiltInScenarios.BuiltIn b : vm.source().builtIns()) {
            Label title = new Label(b.id() + " · " + b.title(lockstep.algorithms.text.Texts.language().tag()));
            title.setStyle("-fx-font-weight: bold;");
            Label description = new Label(b.description(lockstep.algorithms.text.Texts.language().tag()));
            description.getStyleClass().add("muted-text");
            description.setWrapText(true);
            description.setMaxWidth(420);
            CustomMenuItem item = new CustomMenuItem(new VBox(2, title, description));
            item.setOnAction(e -> vm.open(b.id()));
            scenarioPicker.getItems().add(item);
        }
        if (!vm.recent().isEmpty()) {
            scenarioPicker.getItems().add(new SeparatorMenuItem());
            for (String r : vm.recent()) {
                MenuItem item = new MenuItem(r);
                item.setOnAction(e -> vm.open(r));
                scenarioPicker.getItems().add(item);
            }
        }
        scenarioPicker.getItems().add(new SeparatorMenuItem());
        MenuItem open = new MenuItem(WindowTexts.text("workbench.open"));
        open.setOnAction(e -> chooseFile());
        scenarioPicker.getItems().add(open);
    }

    private void chooseFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(WindowTexts.text("workbench.open-title"));
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter(WindowTexts.text("workbench.scenarios-and-traces"), "*.yaml", "*.yml", "*.jsonl"),
                new FileChooser.ExtensionFilter(WindowTexts.text("workbench.all-files"), "*"));
        Window owner = getScene() == null ? null : getScene().getWindow();
        File file = chooser.showOpenDialog(owner);
        if (file != null) {
            vm.open(file.getPath());
        }
    }

    private void fillChips() {
        chips.getChildren().clear();
        boolean removable = vm.algorithms().size() > 1 && !vm.traceFileProperty().get();
        for (String alg : vm.algorithms()) {
            Label name = new Label(alg);
            name.setMinWidth(Region.USE_PREF_SIZE);
            HBox chip = new HBox(name);
            chip.getStyleClass().add("chip");
            chip.setId("chip-" + alg);
            if (removable) {
                Button close = new Button("✕");
                close.getStyleClass().add("chip-close");
                close.setFocusTraversable(false);
                close.setOnAction(e -> vm.removeLane(alg));
                chip.getChildren().add(close);
            } else {
                chip.setPadding(new Insets(4, 14, 4, 14));
            }
            chips.getChildren().add(chip);
        }
        MenuButton add = new MenuButton("+");
        add.getStyleClass().add("chip-add");
        add.setId("add-lane");
        add.setFocusTraversable(false);
        add.disableProperty().bind(vm.canAddLaneProperty().not());
        for (String alg : vm.addableAlgorithms()) {
            // A bug of the gallery carries its warning tag in the picker too, before it becomes a lane.
            MenuItem item = lockstep.gui.viewmodel.BugMark.of(alg)
                    .<MenuItem>map(mark -> new CustomMenuItem(new HBox(10, new Label(alg), LaneView.bugBadge(mark))))
                    .orElseGet(() -> new MenuItem(alg));
            item.setId("add-" + alg);
            item.setOnAction(e -> vm.addLane(alg));
            add.getItems().add(item);
        }
        chips.getChildren().add(add);
        chips.setAlignment(Pos.CENTER_LEFT);
    }

    /** Whether presentation mode already follows the stage leaving full screen (Esc). */
    private boolean followsFullScreen;

    /** The window's height below which three lanes take the legend's room (see {@link #show}). */
    private static final double LEGEND_NEEDS_HEIGHT = 900;

    private javafx.scene.layout.FlowPane legend() {
        // One line where the window is wide enough, two where it is not: never a word cut.
        javafx.scene.layout.FlowPane legend = new javafx.scene.layout.FlowPane(18, 4);
        legend.getStyleClass().add("legend");
        Label clients = new Label(WindowTexts.text("legend.clients"));
        clients.getStyleClass().add("legend-title");
        legend.getChildren().add(clients);
        for (StateStyle s : List.of(StateStyle.HOLDING, StateStyle.WAITING, StateStyle.REQUESTING, StateStyle.IDLE,
                StateStyle.CRASHED)) {
            Circle c = new Circle(9, Color.web(s.badge()));
            SVGPath icon = Icons.shape(s.icon());
            icon.setFill(Color.WHITE);
            icon.setScaleX(0.95);
            icon.setScaleY(0.95);
            Label l = new Label(s == StateStyle.CRASHED ? WindowTexts.text("legend.crashed-or-expired") : s.word(), new StackPane(c, icon));
            legend.getChildren().add(l);
        }
        Label arrows = new Label(WindowTexts.text("legend.arrows"));
        arrows.getStyleClass().add("legend-title");
        Region gap = new Region();
        gap.setMinWidth(12);
        legend.getChildren().addAll(gap, arrows, new Label(WindowTexts.text("legend.watch"), line(false, false)),
                new Label(WindowTexts.text("legend.notification"), line(true, true)), new Label(WindowTexts.text("legend.call"), line(false, true)));
        Region gap2 = new Region();
        gap2.setMinWidth(12);
        Label key = new Label(WindowTexts.text("timeline.key"));
        key.getStyleClass().add("muted-text");
        legend.getChildren().addAll(gap2, key);
        for (javafx.scene.Node n : legend.getChildren()) {
            if (n instanceof Label l) {
                l.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        return legend;
    }

    private static Line line(boolean accent, boolean solidOrPulse) {
        Line l = new Line(0, 0, 30, 0);
        l.setStrokeWidth(2);
        l.setStyle(accent ? "-fx-stroke: -accent;" : solidOrPulse ? "-fx-stroke: -text;" : "-fx-stroke: -text3;");
        if (!solidOrPulse || accent) {
            l.getStrokeDashArray().setAll(5.0, 4.0);
        }
        return l;
    }

    /** Scene helper for the window and the tests. */
    public static Scene scene(WorkbenchView view, double width, double height) {
        Scene scene = new Scene(view, width, height);
        Theme.apply(scene, false, false, ViewSettings.roomOf(width, height));
        return scene;
    }
}
