package lockstep.gui.view;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Pos;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;

/**
 * The scenario's {@code say:} text, its first clause in bold, at a height fixed for the run so the lanes below never
 * jump: that of the run's longest text at the banner's width (so no text overflows it, and a run of short texts leaves
 * the lanes more room), at least two lines. When the
 * lanes' texts differ (a line limited to some algorithms, or worded per algorithm) the banner splits into one column
 * per lane, each over its lane, so a caption only ever sits over the lanes it is true for.
 */
public final class NarrationBanner extends HBox {

    private final Text lead = new Text();
    private final Text rest = new Text();
    /** The title card's description, under the title in a smaller size (it must not make the banner tall all run). */
    private final Text description = new Text();
    private final TextFlow flow = new TextFlow(lead, rest, description);
    private final HBox columns = new HBox(16);
    private final List<TextFlow> laneTexts = new ArrayList<>();
    private final ReplayCursor cursor;
    private final ObservableStringValue narration;

    public NarrationBanner(ObservableStringValue narration) {
        this(narration, null);
    }

    /** A banner over the cursor's lanes: one text when they agree, a column per lane when they do not. */
    public NarrationBanner(ReplayCursor cursor) {
        this(cursor.narrationProperty(), cursor);
    }

    private NarrationBanner(ObservableStringValue narration, ReplayCursor cursor) {
        this.cursor = cursor;
        this.narration = narration;
        getStyleClass().add("narration");
        Rectangle mark = new Rectangle(16, 16);
        mark.setRotate(45);
        mark.setArcWidth(4);
        mark.setArcHeight(4);
        mark.getStyleClass().add("narration-mark");
        lead.getStyleClass().add("narration-lead");
        rest.getStyleClass().add("narration-text");
        description.getStyleClass().add("narration-description");
        HBox.setHgrow(flow, Priority.ALWAYS);
        HBox.setHgrow(columns, Priority.ALWAYS);
        setAlignment(Pos.CENTER_LEFT);
        // Both the one text and the lanes' columns stay in the scene, one of them hidden and unmanaged: the columns'
        // style (their font) is then known before they first show, so the banner's fixed height already holds them
        // (measured in the default font it did not, and the banner grew and pushed the lanes down at a lane's line).
        columns.setVisible(false);
        columns.setManaged(false);
        getChildren().addAll(mark, flow, columns);
        if (cursor != null) {
            List<String> names = LanesView.names(cursor.lanes());
            for (LaneViewModel lane : cursor.lanes()) {
                Text name = new Text(names.get(cursor.lanes().indexOf(lane)) + "  ");
                name.getStyleClass().add("narration-lane-name");
                Text l = new Text();
                l.getStyleClass().add("narration-lane-lead");
                Text r = new Text();
                r.getStyleClass().add("narration-lane");
                // a lane the line says nothing of (a user's lock the scenario's texts do not name) says so, rather
                // than show its name over nothing
                Text silent = new Text();
                silent.getStyleClass().add("narration-lane-silent");
                TextFlow column = new TextFlow(name, l, r, silent);
                column.setPrefWidth(10);
                column.setMaxWidth(Double.MAX_VALUE);
                HBox.setHgrow(column, Priority.ALWAYS);
                laneTexts.add(column);
                columns.getChildren().add(column);
                lane.ownNarrationProperty().addListener((o, a, b) -> showLanes(cursor));
            }
        }
        narration.addListener((o, a, b) -> show(b, cursor));
        show(narration.get(), cursor);
    }

    private void show(String text, ReplayCursor cursor) {
        String t = text == null || text.isBlank() ? "" : text.strip();
        boolean split = t.isEmpty() && cursor != null
                && cursor.lanes().stream().anyMatch(l -> !l.ownNarrationProperty().get().isEmpty());
        // Always laid out at its fixed height (app.css), so the lanes below never jump when the text changes.
        setOpacity(t.isEmpty() && !split ? 0.45 : 1);
        int cut = leadOf(t, cursor);
        lead.setText(t.substring(0, cut));
        boolean card = cursor != null && cut > 0 && cut < t.length() && t.charAt(cut) == '\n';
        rest.setText(card ? "" : t.substring(cut));
        description.setText(card ? t.substring(cut) : "");
        columns.setVisible(split);
        columns.setManaged(split);
        flow.setVisible(!split);
        flow.setManaged(!split);
        if (split) {
            showLanes(cursor);
        }
    }

    private void showLanes(ReplayCursor cursor) {
        for (int i = 0; i < laneTexts.size(); i++) {
            String t = cursor.lanes().get(i).ownNarrationProperty().get().strip();
            int cut = lockstep.simulator.text.FirstClause.end(t);
            ((Text) laneTexts.get(i).getChildren().get(1)).setText(t.substring(0, cut));
            ((Text) laneTexts.get(i).getChildren().get(2)).setText(t.substring(cut));
            // only the texts shown take part in the flow (an empty text beside the silent one mixed their styles)
            List<javafx.scene.Node> parts = laneTexts.get(i).getChildren();
            ((Text) parts.get(3)).setText(lockstep.gui.text.WindowTexts.text("narration.lane-silent"));
            for (int k = 1; k < 4; k++) {
                boolean shown = t.isEmpty() == (k == 3);
                parts.get(k).setVisible(shown);
                parts.get(k).setManaged(shown);
            }
            laneTexts.get(i).setOpacity(t.isEmpty() ? 0.6 : 1);
        }
        if (columns.isVisible() || !cursor.narrationProperty().get().isEmpty()) {
            return;
        }
        show(cursor.narrationProperty().get(), cursor);
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected double computeMaxHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected double computePrefHeight(double width) {
        double w = width > 0 ? width : getWidth();
        double textWidth = w - snappedLeftInset() - snappedRightInset() - 16 * 1.42 - getSpacing();
        if (textWidth < 50) {
            return super.computePrefHeight(width);
        }
        javafx.scene.text.Font big = lead.getFont();
        javafx.scene.text.Font bold = javafx.scene.text.Font.font(big.getFamily(),
                javafx.scene.text.FontWeight.BOLD, big.getSize());
        // at least two lines of the banner's text
        double needed = measure("Mg\nMg", bold, textWidth);
        for (String t : texts()) {
            needed = Math.max(needed, measure(t, bold, textWidth));
        }
        if (cursor != null) {
            // the title card: the title in the banner's bold, the description under it in its own smaller size
            String language = lockstep.algorithms.text.Texts.language().tag();
            String about = cursor.words().description(language).strip();
            if (!about.isEmpty()) {
                needed = Math.max(needed, measure(cursor.words().title(language), bold, textWidth)
                        + measure(about, description.getFont(), textWidth));
            }
        }
        if (cursor != null && cursor.lanes().size() > 1) {
            javafx.scene.text.Font laneFont = ((Text) laneTexts.get(0).getChildren().get(1)).getFont();
            javafx.scene.text.Font laneBold = javafx.scene.text.Font.font(laneFont.getFamily(),
                    javafx.scene.text.FontWeight.BOLD, laneFont.getSize());
            int k = cursor.lanes().size();
            double column = (textWidth - columns.getSpacing() * (k - 1)) / k;
            // the texts the lanes show in columns in this run, in the columns' own style (applied: they are in the
            // scene, hidden, from the start), after the longest lane name (measured in the lane's bold: a little more)
            String name = LanesView.names(cursor.lanes()).stream().max(java.util.Comparator.comparingInt(String::length))
                    .orElse("");
            for (String t : cursor.ownNarrations(lockstep.algorithms.text.Texts.language().tag())) {
                needed = Math.max(needed, measure(name + "  " + t, laneBold, column));
            }
        }
        return snappedTopInset() + snappedBottomInset() + Math.ceil(needed) + 2;
    }

    /** The texts this banner may show in this run: the title and every say line (as said before a line, the longer). */
    private List<String> texts() {
        List<String> out = new ArrayList<>();
        String now = narration.get() == null ? "" : narration.get();
        // (the title card is measured in its own two sizes by computePrefHeight)
        if (cursor == null || !now.equals(cursor.words().titleCard(lockstep.algorithms.text.Texts.language().tag()))) {
            out.add(now);
        }
        if (cursor != null) {
            String language = lockstep.algorithms.text.Texts.language().tag();
            out.add(cursor.words().title(language));
            for (String t : cursor.words().narrations(language)) {
                out.add(lockstep.gui.text.WindowTexts.text("banner.before", t));
            }
            for (LaneViewModel lane : cursor.lanes()) {
                out.add(lane.ownNarrationProperty().get());
            }
        }
        return out;
    }

    private static double measure(String text, javafx.scene.text.Font font, double width) {
        Text t = new Text(text);
        t.setFont(font);
        t.setWrappingWidth(width);
        return t.getLayoutBounds().getHeight();
    }

    /** The bold part: the title on the title card (before the script), else the first clause. */
    private static int leadOf(String t, ReplayCursor cursor) {
        if (cursor != null) {
            String title = cursor.words().title(lockstep.algorithms.text.Texts.language().tag());
            if (!title.isEmpty() && t.startsWith(title)) {
                return title.length();
            }
        }
        return lockstep.simulator.text.FirstClause.end(t);
    }

    /** Test hook: the whole text shown (the lanes' texts joined by " | " when split). */
    public String text() {
        if (columns.isVisible()) {
            List<String> parts = new ArrayList<>();
            for (TextFlow column : laneTexts) {
                parts.add(((Text) column.getChildren().get(1)).getText() + ((Text) column.getChildren().get(2)).getText());
            }
            return String.join(" | ", parts);
        }
        return lead.getText() + rest.getText() + description.getText();
    }
}
