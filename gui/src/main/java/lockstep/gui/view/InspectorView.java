package lockstep.gui.view;

import java.util.List;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import lockstep.simulator.check.Finding;
import lockstep.gui.viewmodel.EventText;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.simulator.trace.Event;

import lockstep.gui.text.WindowTexts;

/**
 * The inspector: which lane it shows (the focused one), and three tabs: the event log (the current row highlighted,
 * rows to come dimmed; a click on a row moves to the beat that shows
 * it and marks that row), the sequence view (a Lamport diagram around the cursor) and the
 * comparison of the lanes' costs.
 */
public final class InspectorView extends VBox {

    private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
    private static final PseudoClass FUTURE = PseudoClass.getPseudoClass("future");
    private static final PseudoClass FINDING = PseudoClass.getPseudoClass("finding");

    private final ReplayCursor cursor;
    private final TableView<Event> table = new TableView<>();
    private boolean syncing;

    public InspectorView(ReplayCursor cursor, ViewSettings settings) {
        this.cursor = cursor;
        getStyleClass().add("inspector");
        setPrefWidth(440);
        setMinWidth(300);

        HBox laneSwitch = new HBox(4);
        laneSwitch.getStyleClass().add("lane-switch");
        laneSwitch.setAlignment(Pos.CENTER_LEFT);
        Label laneLabel = new Label(WindowTexts.text("inspector.lane"));
        laneLabel.getStyleClass().add("muted-text");
        laneSwitch.getChildren().add(laneLabel);
        ToggleGroup group = new ToggleGroup();
        for (int i = 0; i < cursor.lanes().size(); i++) {
            int k = i;
            ToggleButton b = new ToggleButton(LanesView.names(cursor.lanes()).get(i));
            b.setTooltip(new javafx.scene.control.Tooltip(cursor.lanes().get(i).title()));
            b.setToggleGroup(group);
            b.setFocusTraversable(false);
            b.setSelected(i == cursor.focusedLaneProperty().get());
            b.setOnAction(e -> {
                cursor.focus(k);
                b.setSelected(true);
            });
            cursor.focusedLaneProperty().addListener((o, a, c) -> b.setSelected(c.intValue() == k));
            laneSwitch.getChildren().add(b);
        }

        TableColumn<Event, Number> number = new TableColumn<>("#");
        number.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().index()));
        number.setPrefWidth(56);
        TableColumn<Event, String> client = new TableColumn<>(WindowTexts.text("inspector.client"));
        client.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(EventText.client(c.getValue())));
        client.setPrefWidth(84); // "клиент" whole
        TableColumn<Event, String> what = new TableColumn<>(WindowTexts.text("inspector.event"));
        what.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(EventText.what(c.getValue(), cursor.words())));
        what.setPrefWidth(190);
        TableColumn<Event, String> path = new TableColumn<>(WindowTexts.text("inspector.path"));
        path.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(EventText.path(c.getValue())));
        path.setPrefWidth(130);
        table.getColumns().setAll(List.of(number, client, what, path));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setId("event-table");
        table.setFocusTraversable(false);
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(Event item, boolean empty) {
                super.updateItem(item, empty);
                int at = cursor.markedEvent();
                pseudoClassStateChanged(CURRENT, !empty && item != null && item.index() == at);
                pseudoClassStateChanged(FUTURE, !empty && item != null && item.index() > at);
                pseudoClassStateChanged(FINDING, !empty && item != null && cursor.isFindingAt(item.index()));
            }
        });
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (!syncing && b != null) {
                cursor.seekEvent(b.index());
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);

        SequenceView sequence = new SequenceView(cursor, settings);
        CompareView compare = new CompareView(cursor, settings);
        Tab events = new Tab(WindowTexts.text("inspector.events"), table);
        Tab seq = new Tab(WindowTexts.text("inspector.sequence"), sequence);
        Tab cmp = new Tab(WindowTexts.text("inspector.compare"), compare);
        TabPane tabs = new TabPane(events, seq, cmp);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setTabMinWidth(80);
        tabs.setId("inspector-tabs");
        VBox.setVgrow(tabs, Priority.ALWAYS);
        getChildren().addAll(laneSwitch, tabs);

        showLane();
        cursor.focusedLaneProperty().addListener(o -> showLane());
        cursor.indexProperty().addListener(o -> follow());
        // a row clicked within the beat already shown moves no beat: the mark still follows the click
        cursor.chosenEventProperty().addListener(o -> follow());
    }

    private void showLane() {
        LaneViewModel lane = cursor.focusedLaneModel();
        syncing = true;
        table.setItems(FXCollections.observableList(lane.events()));
        syncing = false;
        follow();
    }

    private void follow() {
        int at = cursor.markedEvent();
        syncing = true;
        try {
            table.getSelectionModel().clearSelection();
            table.refresh();
            VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
            boolean visible = false;
            if (flow != null && flow.getFirstVisibleCell() != null && flow.getLastVisibleCell() != null) {
                int first = flow.getFirstVisibleCell().getIndex();
                int last = flow.getLastVisibleCell().getIndex();
                visible = at > first && at < last - 1;
            }
            if (!visible) {
                table.scrollTo(Math.max(0, at - 4));
            }
        } finally {
            syncing = false;
        }
    }

    public TableView<Event> table() {
        return table;
    }
}
