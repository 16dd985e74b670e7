package lockstep.gui.view;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import lockstep.gui.viewmodel.LaneSummary;
import lockstep.simulator.frame.LaneFrame;

import lockstep.gui.text.WindowTexts;

/**
 * The counters under a lane: notifications, futile wake-ups, ZooKeeper calls, and holders with their names. Each is
 * its word and its value on one line, and the four flow onto a second line only when the lane is too narrow for one:
 * the height they take is the clients' (a stack of word over value took two lines of every lane's height).
 */
final class LaneCounters extends FlowPane {

    private static final javafx.css.PseudoClass TOO_MANY = javafx.css.PseudoClass.getPseudoClass("too-many");

    private final Label notifications = new Label();
    private final Label futile = new Label();
    private final Label calls = new Label();
    private final Label holders = new Label();
    private final Label holderNames = new Label();

    LaneCounters() {
        getChildren().addAll(counter(WindowTexts.text("counter.notifications"), notifications), counter(WindowTexts.text("counter.futile"), futile),
                counter(WindowTexts.text("counter.calls"), calls), holdersCounter());
        // (in the lane's counters box, with this line's tally under them)
        setHgap(16);
        setRowValignment(javafx.geometry.VPos.BASELINE);
    }

    void show(LaneFrame s, LaneSummary summary) {
        notifications.setText(Integer.toString(s.counters().notifications()));
        futile.setText(Integer.toString(s.counters().futileWakeups()));
        calls.setText(Integer.toString(s.counters().calls()));
        holders.setText(summary.holdersCount());
        holderNames.setText(summary.holderNames());
        holders.pseudoClassStateChanged(TOO_MANY, summary.tooManyHolders());
    }

    private static HBox counter(String name, Label value) {
        Label label = new Label(name);
        label.getStyleClass().add("counter-label");
        value.getStyleClass().add("counter-value");
        return box(label, value);
    }

    private HBox holdersCounter() {
        Label label = new Label(WindowTexts.text("counter.holders"));
        label.getStyleClass().add("counter-label");
        holders.getStyleClass().add("counter-value");
        holderNames.getStyleClass().add("holder-names");
        HBox values = new HBox(6, holders, holderNames);
        values.setAlignment(Pos.BASELINE_LEFT);
        return box(label, values);
    }

    private static HBox box(javafx.scene.Node label, javafx.scene.Node value) {
        HBox box = new HBox(8, label, value);
        box.setAlignment(Pos.BASELINE_LEFT);
        box.getStyleClass().add("counter");
        box.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return box;
    }
}
