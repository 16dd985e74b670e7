package lockstep.gui.view;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import lockstep.gui.viewmodel.LaneSummary;
import lockstep.simulator.frame.LaneFrame;

import lockstep.gui.text.WindowTexts;

/** The counters under a lane: notifications, futile wake-ups, ZooKeeper calls, and holders with their names. */
final class LaneCounters extends HBox {

    private static final javafx.css.PseudoClass TOO_MANY = javafx.css.PseudoClass.getPseudoClass("too-many");

    private final Label notifications = new Label();
    private final Label futile = new Label();
    private final Label calls = new Label();
    private final Label holders = new Label();
    private final Label holderNames = new Label();

    LaneCounters() {
        getChildren().addAll(counter(WindowTexts.text("counter.notifications"), notifications), counter(WindowTexts.text("counter.futile"), futile),
                counter(WindowTexts.text("counter.calls"), calls), holdersCounter());
        getStyleClass().add("counters");
    }

    void show(LaneFrame s, LaneSummary summary) {
        notifications.setText(Integer.toString(s.counters().notifications()));
        futile.setText(Integer.toString(s.counters().futileWakeups()));
        calls.setText(Integer.toString(s.counters().calls()));
        holders.setText(summary.holdersCount());
        holderNames.setText(summary.holderNames());
        holders.pseudoClassStateChanged(TOO_MANY, summary.tooManyHolders());
    }

    private static VBox counter(String name, Label value) {
        Label label = new Label(name);
        label.getStyleClass().add("counter-label");
        value.getStyleClass().add("counter-value");
        return box(label, value);
    }

    private VBox holdersCounter() {
        Label label = new Label(WindowTexts.text("counter.holders"));
        label.getStyleClass().add("counter-label");
        holders.getStyleClass().add("counter-value");
        holderNames.getStyleClass().add("holder-names");
        HBox values = new HBox(6, holders, holderNames);
        values.setAlignment(Pos.BASELINE_LEFT);
        return box(label, values);
    }

    private static VBox box(javafx.scene.Node label, javafx.scene.Node value) {
        VBox box = new VBox(2, label, value);
        box.getStyleClass().add("counter");
        HBox.setHgrow(box, Priority.ALWAYS);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }
}
