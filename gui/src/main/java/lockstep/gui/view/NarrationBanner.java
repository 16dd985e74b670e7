package lockstep.gui.view;

import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Pos;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/** The current {@code say:} text, its first clause in bold. */
public final class NarrationBanner extends HBox {

    private final Text lead = new Text();
    private final Text rest = new Text();

    public NarrationBanner(ObservableStringValue narration) {
        getStyleClass().add("narration");
        Rectangle mark = new Rectangle(16, 16);
        mark.setRotate(45);
        mark.setArcWidth(4);
        mark.setArcHeight(4);
        mark.getStyleClass().add("narration-mark");
        lead.getStyleClass().add("narration-lead");
        rest.getStyleClass().add("narration-text");
        TextFlow flow = new TextFlow(lead, rest);
        HBox.setHgrow(flow, Priority.ALWAYS);
        setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(mark, flow);
        narration.addListener((o, a, b) -> show(b));
        show(narration.get());
    }

    private void show(String text) {
        String t = text == null || text.isBlank() ? "" : text.strip();
        setVisible(!t.isEmpty());
        setManaged(!t.isEmpty());
        int cut = firstClause(t);
        lead.setText(t.substring(0, cut));
        rest.setText(t.substring(cut));
    }

    /** End of the first clause: after the first '.', ':' or '!' followed by a space, or the whole text. */
    static int firstClause(String t) {
        for (int i = 0; i < t.length() - 1; i++) {
            char c = t.charAt(i);
            if ((c == '.' || c == ':' || c == '!' || c == '?') && t.charAt(i + 1) == ' ') {
                return i + 1;
            }
        }
        return t.length();
    }

    /** Test hook: the whole text shown. */
    public String text() {
        return lead.getText() + rest.getText();
    }
}
