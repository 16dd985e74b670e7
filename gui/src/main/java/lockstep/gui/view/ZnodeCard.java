package lockstep.gui.view;

import java.util.List;

import javafx.geometry.VPos;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Rectangle;
import javafx.scene.shape.SVGPath;
import javafx.scene.text.Text;
import lockstep.gui.viewmodel.StateStyle;

import lockstep.gui.text.WindowTexts;

/**
 * A znode: sequence number, owner stripe, R/W and ephemeral marks, key badge when held, ghost outline when just
 * deleted, red when a checker finding involves its owner. Pooled by the lane and recoloured in place.
 */
final class ZnodeCard extends Pane {
    final Rectangle frame = new Rectangle();
    final Rectangle stripe = new Rectangle();
    final Text seq = new Text();
    final Text name = new Text();
    final Text owner = new Text();
    final Text mode = new Text();
    final Circle modeRing = new Circle(8);
    final Text eph = new Text("E");
    final Circle ephRing = new Circle(8);
    final Text deleted = new Text(WindowTexts.text("znode.deleted"));
    final StackPane key = new StackPane();
    final javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip();
    String shown = "";
    String fullPath = "";

    private final ViewSettings settings;

    ZnodeCard(ViewSettings settings) {
        this.settings = settings;
        getStyleClass().add("znode-card");
        frame.setArcWidth(18);
        frame.setArcHeight(18);
        for (Text t : List.of(seq, name, owner, mode, eph, deleted)) {
            t.setTextOrigin(VPos.TOP);
        }
        mode.setTextOrigin(VPos.CENTER);
        eph.setTextOrigin(VPos.CENTER);
        modeRing.setFill(Color.TRANSPARENT);
        ephRing.setFill(Color.TRANSPARENT);
        Circle kc = new Circle(9, Color.web(StateStyle.HOLDING.badge()));
        SVGPath ki = Icons.shape(StateStyle.Icon.KEY);
        ki.setFill(Color.WHITE);
        key.getChildren().addAll(kc, ki);
        key.setManaged(false);
        key.resize(18, 18);
        getChildren().addAll(frame, stripe, seq, name, owner, modeRing, mode, ephRing, eph, deleted, key);
        setManaged(false);
        javafx.scene.control.Tooltip.install(this, tip);
    }

    void update(long sequence, String nodeName, String ownerName, int ownerPos, String ownerMode, boolean ephemeral,
                boolean held, boolean ghost, boolean flagged, String tag, double w, double h, double pitch) {
        Palette p = settings.palette();
        String sig = fullPath + "|" + sequence + "|" + nodeName + "|" + ownerName + "|" + ownerPos + "|" + ownerMode + "|"
                + tag + "|"
                + ephemeral + held + ghost + flagged + "|" + w + "|" + h + "|" + pitch + "|"
                + System.identityHashCode(p);
        if (sig.equals(shown)) {
            return;
        }
        shown = sig;
        double scale = settings.scale();
        boolean compact = pitch < 40 * scale;
        // from 13 px a card still shows "#3 c4", small (three lanes of ten clients in Russian at 1280x800 have 14)
        boolean tiny = pitch < 13;
        frame.setWidth(w);
        frame.setHeight(h);
        frame.getStrokeDashArray().clear();
        if (flagged) {
            frame.setFill(p.findingTint());
            frame.setStroke(p.finding());
            frame.setStrokeWidth(3 * scale);
        } else if (held) {
            frame.setFill(p.holdTint());
            frame.setStroke(p.holding());
            frame.setStrokeWidth(2 * scale);
        } else if (ghost) {
            frame.setFill(Color.TRANSPARENT);
            frame.setStroke(p.text3());
            frame.setStrokeWidth(1.5 * scale);
            frame.getStrokeDashArray().setAll(5.0, 4.0);
        } else {
            frame.setFill(p.surface());
            frame.setStroke(p.borderStrong());
            frame.setStrokeWidth(1.5 * scale);
        }
        Color identity = Color.web(StateStyle.identity(ownerPos));
        stripe.setFill(identity);
        stripe.setOpacity(ghost ? 0.35 : 1);
        double inset = Math.min(6, h * 0.15);
        stripe.setX(6);
        stripe.setY(inset);
        stripe.setWidth(4);
        stripe.setHeight(Math.max(2, h - 2 * inset));
        boolean sequential = sequence >= 0;
        // Short labels ("#2" and the owner): the full name is on hover and in the inspector, never cut here.
        double compactText = settings.minText() > 0 ? 24 : 14;
        double seqSize = compact ? Math.max(9, Math.min(compactText, h * 0.7)) : 24 * scale;
        seq.setFont(LaneFonts.of(seqSize, true, false));
        seq.setFill(ghost ? p.text3() : p.text());
        seq.setText(sequential ? "#" + sequence : nodeName);
        double nameSize = compact ? Math.max(8, Math.min(compactText - 2, h * 0.65))
                : Math.max(settings.minText(), 14 * scale);
        name.setFont(LaneFonts.of(nameSize, true, false));
        name.setFill(ghost ? p.text2() : p.readable(identity));
        // The protection tag, where it is the point (a lost create reply: the owner finds its node by it), in the
        // accent colour after the owner.
        name.setText(ghost ? ownerName + " · " + WindowTexts.text("znode.deleted")
                : tag.isEmpty() ? ownerName : ownerName + " · " + tag);
        if (!tag.isEmpty() && !ghost) {
            name.setFill(p.accent());
        }
        owner.setFont(LaneFonts.of(Math.max(settings.minText(), 14 * scale), true, false));
        owner.setFill(ghost ? p.text2() : p.readable(identity));
        owner.setText(ghost ? ownerName + " · " + WindowTexts.text("znode.deleted") : ownerName);
        tip.setText(fullPath);
        double seqW = seq.getLayoutBounds().getWidth();
        seq.setVisible(!tiny);
        double labelW = (compact || sequential) ? 24 + seqW + name.getLayoutBounds().getWidth()
                : 18 + owner.getLayoutBounds().getWidth();
        if (!ghost && !tag.isEmpty() && (compact || sequential) && labelW > w - 6) {
            // A narrow card (three lanes, a projector): the tag is the beat's point, so the label grows smaller to
            // keep it; where even a small one does not fit, the owner alone (the tag is in the full path on hover).
            double size = nameSize;
            while (labelW > w - 6 && size > 8) {
                size -= 1;
                name.setFont(LaneFonts.of(size, true, false));
                labelW = 24 + seqW + name.getLayoutBounds().getWidth();
            }
            if (labelW > w - 6) {
                name.setFont(LaneFonts.of(nameSize, true, false));
                name.setText(ownerName);
                name.setFill(p.readable(identity));
            }
        }
        if (ghost && (compact || sequential) && labelW > w - 6) {
            // A little too narrow (a row that grew by a word): a size or two smaller keeps "deleted", as on the cards
            // of the beats before, rather than one card of the lane saying it and the next not.
            double size = nameSize;
            while (labelW > w - 6 && size > nameSize - 3 && size > 8) {
                size -= 1;
                name.setFont(LaneFonts.of(size, true, false));
                labelW = 24 + seqW + name.getLayoutBounds().getWidth();
            }
        }
        if (ghost && labelW > w - 6) {
            // A narrow card: the dashed outline already says "deleted"; the owner must still fit.
            name.setFont(LaneFonts.of(nameSize, true, false));
            name.setText(ownerName);
            owner.setText(ownerName);
        }
        if (compact || sequential) {
            seq.relocate(16, (h - seq.getLayoutBounds().getHeight()) / 2);
            name.relocate(24 + seqW, (h - name.getLayoutBounds().getHeight()) / 2);
        } else {
            seq.relocate(18, -2);
            owner.relocate(18, h * 0.55);
        }
        name.setVisible(!tiny && (sequential || compact));
        owner.setVisible(!compact && !sequential);
        boolean badges = !compact && !ghost;
        mode.setText("read".equals(ownerMode) ? "R" : "W");
        for (Text t : List.of(mode, eph)) {
            t.setFont(LaneFonts.of(11 * scale, true, false));
            t.setFill(p.text2());
        }
        modeRing.setStroke(p.text3());
        ephRing.setStroke(p.text3());
        modeRing.setRadius(8 * scale);
        ephRing.setRadius(8 * scale);
        double by = h - 12 * scale;
        modeRing.setCenterX(w - 38 * scale);
        modeRing.setCenterY(by);
        ephRing.setCenterX(w - 18 * scale);
        ephRing.setCenterY(by);
        mode.relocate(modeRing.getCenterX() - mode.getLayoutBounds().getWidth() / 2,
                by - mode.getLayoutBounds().getHeight() / 2);
        eph.relocate(ephRing.getCenterX() - eph.getLayoutBounds().getWidth() / 2,
                by - eph.getLayoutBounds().getHeight() / 2);
        mode.setVisible(badges);
        modeRing.setVisible(badges);
        eph.setVisible(badges && ephemeral);
        ephRing.setVisible(badges && ephemeral);
        deleted.setFont(LaneFonts.of((compact ? 11 : 14) * scale, true, false));
        deleted.setFill(p.accent());
        deleted.relocate(w - deleted.getLayoutBounds().getWidth() - 10,
                compact ? (h - deleted.getLayoutBounds().getHeight()) / 2 : 6);
        deleted.setVisible(false);
        key.relocate(w - 10, -8);
        key.setVisible(held && !tiny);
        resize(w, h);
    }
}
