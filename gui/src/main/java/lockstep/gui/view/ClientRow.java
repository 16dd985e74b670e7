package lockstep.gui.view;

import java.util.function.Supplier;

import javafx.geometry.VPos;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Rectangle;
import javafx.scene.shape.SVGPath;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.StateStyle;
import lockstep.simulator.frame.Row;
import lockstep.simulator.trace.Event;

/**
 * A client: identity avatar, state badge with icon, state word and caption. Drawn with shapes and texts whose
 * colours are set from the palette (no style-class changes, so a step costs no CSS pass over 200 rows).
 */
final class ClientRow extends Pane {
    final String name;
    final Circle avatar = new Circle();
    final Text initials = new Text();
    final Circle badge = new Circle();
    final SVGPath icon = new SVGPath();
    final Text word = new Text();
    final Text status = new Text();
    final Text caption = new Text();
    final Rectangle tint = new Rectangle();
    /** A ring around the avatar: dotted (paused), dashed (cut off, no server), red with a slash (expired, zombie). */
    final Circle ring = new Circle();
    /** A mark over the avatar, drawn large enough for the back row: pause bars, a cut link, a cross, a slash. */
    final SVGPath lookMark = new SVGPath();
    private Row.Look shownLook;
    Row shownClient;
    String shownCaption;
    boolean shownFlag;
    boolean shownSelected;
    double shownPitch = -1;
    double shownWidth = -1;
    /** Where a compact row's caption starts (-1: the caption sits under the word). */
    private double captionColumn = -1;
    /**
     * Set by the lane when one of its compact rows cannot show its state word and its whole caption on one line:
     * every row of the lane then shows the caption alone, in the state's colour (the badge's icon and the colour say
     * the state), rather than cut it. Shown as it was asked: {@link #shownWordless}.
     */
    private boolean wordless;
    private boolean shownWordless;
    /** Whether the state word and the whole caption fit on the compact row's line (true on a two-line row). */
    private boolean wordAndCaptionFit = true;
    Palette shownPalette;
    double centerY;

    private final ViewSettings settings;

    /**
     * @param menu asked for the lane's menu request when the row is right-clicked (null: no menu)
     */
    ClientRow(String name, int position, ViewSettings settings, LaneViewModel vm,
              Supplier<LaneView.ClientMenuRequest> menu) {
        this.name = name;
        this.settings = settings;
        getStyleClass().add("client-row");
        tint.setArcWidth(16);
        tint.setArcHeight(16);
        avatar.setFill(Color.web(StateStyle.identity(position)));
        initials.setText(name);
        initials.setFill(Color.WHITE);
        initials.setTextOrigin(VPos.CENTER);
        initials.setTextAlignment(TextAlignment.CENTER);
        badge.setStrokeWidth(2);
        icon.setFill(Color.WHITE);
        icon.setFillRule(javafx.scene.shape.FillRule.EVEN_ODD);
        word.setTextOrigin(VPos.CENTER);
        caption.setTextOrigin(VPos.CENTER);
        status.setTextOrigin(VPos.CENTER);
        status.getStyleClass().add("client-status");
        ring.setFill(Color.TRANSPARENT);
        ring.setMouseTransparent(true);
        lookMark.setFill(Color.TRANSPARENT);
        lookMark.setMouseTransparent(true);
        lookMark.setStrokeLineCap(javafx.scene.shape.StrokeLineCap.ROUND);
        ring.getStyleClass().add("look-ring");
        lookMark.getStyleClass().add("look-mark");
        getChildren().addAll(tint, avatar, ring, lookMark, initials, badge, icon, word, status, caption); // the marks under the name
        setManaged(false);
        setId("client-" + name);
        // The menu opens on the secondary press itself: not every platform turns it into a context-menu event
        // (the headless one does not); the menu key is handled by the window for the selected client.
        setOnMousePressed(e -> {
            vm.select(name);
            LaneView.ClientMenuRequest onClientMenu = menu.get();
            if (e.isSecondaryButtonDown() && onClientMenu != null) {
                onClientMenu.show(name, this, e.getScreenX(), e.getScreenY());
                e.consume();
            }
        });
    }

    double avatarCenterY() {
        return centerY;
    }

    /** Where the row's drawing ends on the right, in its own coordinates: its tint, or a caption that runs past it. */
    double contentRight() {
        double right = tint.getWidth();
        for (Text t : new Text[] {word, caption, status}) {
            if (t.isVisible() && !t.getText().isEmpty()) {
                right = Math.max(right, t.getX() + t.getLayoutBounds().getWidth());
            }
        }
        return right;
    }

    void update(Row c, String text, String statusText, boolean flagged, boolean selected,
                double pitch, double width) {
        Palette p = settings.palette();
        if (c.equals(shownClient) && text.equals(shownCaption) && flagged == shownFlag && selected == shownSelected
                && pitch == shownPitch && width == shownWidth && p == shownPalette && wordless == shownWordless) {
            return;
        }
        StateStyle style = StateStyle.of(c.state());
        Row.Key key = c.key();
        icon.setContent(Icons.path(style.icon()));
        word.setText(LaneViewModel.word(c));
        word.setFill(p.stateText(style));
        caption.setFill(p.text2());
        shownWordless = wordless;
        status.setText(statusText);
        // the connection words (cut off, paused, no server) in the text's own dark colour, bold: read from the back
        status.setFill(c.look() == Row.Look.HEALTHY ? p.text2() : p.text());
        if (key == Row.Key.HOLLOW) {
            // A hollow key: it believes it holds, the server has let its session go.
            badge.setFill(p.surface());
            badge.setStroke(p.holding());
            icon.setFill(p.holding());
        } else {
            badge.setFill(Color.web(style.badge()));
            badge.setStroke(p.surface());
            icon.setFill(Color.WHITE);
        }
        avatar.setOpacity(c.look() == Row.Look.HEALTHY || c.look() == Row.Look.ZOMBIE ? 1 : 0.55);
        tint.getStrokeDashArray().clear();
        if (flagged) {
            tint.setFill(p.findingTint());
            tint.setStroke(p.finding());
            tint.setStrokeWidth(2.5);
        } else if (key == Row.Key.HOLLOW) {
            tint.setFill(Color.TRANSPARENT);
            tint.setStroke(p.holding());
            tint.setStrokeWidth(1.5);
            tint.getStrokeDashArray().setAll(6.0, 4.0);
        } else if (c.state() == Event.State.HOLDING) {
            tint.setFill(p.holdTint());
            tint.setStroke(p.holding().deriveColor(0, 1, 1, 0.5));
            tint.setStrokeWidth(1);
        } else {
            tint.setFill(Color.TRANSPARENT);
            tint.setStroke(null);
        }
        // Cut off, paused and no server each get an outline of their own (over the state's fill), so they never look
        // like a healthy client or like each other: dashes for a cut link, dots for a stopped process.
        if (!flagged && key != Row.Key.HOLLOW) {
            switch (c.look()) {
                case CUT_OFF, NO_SERVER -> {
                    tint.setStroke(p.text3());
                    tint.setStrokeWidth(1.5);
                    tint.getStrokeDashArray().setAll(8.0, 5.0);
                }
                case PAUSED -> {
                    tint.setStroke(p.text3());
                    tint.setStrokeWidth(2);
                    tint.getStrokeDashArray().setAll(2.0, 4.0);
                    if (c.state() != Event.State.HOLDING) {
                        tint.setFill(p.muted());
                    }
                }
                default -> {
                    // healthy, or a state word and a faded avatar say it (crashed, expired, closed)
                }
            }
        }
        if (selected) {
            // The keyboard's client: an accent outline over whatever the state draws.
            tint.setStroke(p.accent());
            tint.setStrokeWidth(2.5);
            tint.getStrokeDashArray().clear();
        }
        captionText = text;
        caption.setText(text);
        if (pitch != shownPitch || width != shownWidth) {
            layoutFor(pitch, width);
        }
        placeCaption();
        placeStatus();
        showLook(c.look(), p);
        shownClient = c;
        shownCaption = text;
        shownFlag = flagged;
        shownSelected = selected;
        shownPitch = pitch;
        shownWidth = width;
        shownPalette = p;
    }

    private void layoutFor(double pitch, double width) {
        double scale = settings.scale();
        double h = pitch - 8;
        // Two lines (state word over caption) only where both fit with air between them, measured in the language
        // shown: Chinese lines are taller than Latin ones at the same size.
        double normalText = Math.max(settings.minText(), 15 * scale);
        double lineHeight = LaneFonts.lineHeight(normalText, true);
        double half = Math.max(11 * scale, lineHeight / 2 + 2);
        // (the two lines' centres are 2 * half apart: together they are that and a line tall, and must fit the row's
        // tint, give or take a few pixels, or a presentation row's word runs over its top and its caption under it)
        boolean compact = pitch < Math.max(40 * scale, 2 * half + lineHeight + 4);
        boolean tiny = pitch < 22;
        double r = compact ? Math.max(4, (pitch - 4) / 2.2) : 20 * pitch / 56;
        centerY = Math.max(r, h / 2);
        tint.setWidth(width);
        tint.setHeight(Math.max(4, h));
        tint.setY(centerY - Math.max(4, h) / 2);
        avatar.setRadius(r);
        avatar.setCenterX(r + 4);
        avatar.setCenterY(centerY);
        double fontSize = tiny ? Math.max(7, r * 0.9) : compact ? Math.max(9, r * 0.8) : 15 * pitch / 56;
        initials.setFont(LaneFonts.of(fontSize, true, false));
        initials.setVisible(r >= 7);
        double tw = initials.getLayoutBounds().getWidth();
        initials.setX(r + 4 - tw / 2);
        initials.setY(centerY);
        double br = Math.max(3, r * 0.45);
        badge.setRadius(br);
        badge.setCenterX(r * 1.85 + 4);
        badge.setCenterY(centerY + r * 0.75);
        double s = br * 1.5 / 12;
        icon.setScaleX(s);
        icon.setScaleY(s);
        icon.setLayoutX(badge.getCenterX() - 6);
        icon.setLayoutY(badge.getCenterY() - 6);
        icon.setVisible(br >= 5);
        double textX = 2 * r + 18;
        // A compact row's text grows with its pitch up to the normal size; in presentation mode it keeps the mode's
        // smallest text wherever the row is tall enough to hold it.
        double textSize = compact ? Math.min(15 * scale, Math.max(9, pitch * 0.62))
                : normalText;
        if (compact && settings.minText() > 0) {
            textSize = Math.max(textSize, Math.min(settings.minText(), pitch * 0.8));
        }
        word.setFont(LaneFonts.of(textSize, true, false));
        caption.setFont(LaneFonts.of(textSize, false, false));
        captionSize = textSize;
        status.setFont(LaneFonts.of(Math.max(settings.minText(), textSize * 0.85), false, false));
        word.setX(textX);
        caption.setVisible(pitch >= 12);
        if (compact) {
            word.setY(centerY);
            captionColumn = textX + textSize * 6.4;
            caption.setY(centerY);
        } else {
            captionColumn = -1;
            word.setY(centerY - half);
            caption.setX(textX);
            caption.setY(centerY + half);
        }
        resize(width, h);
        placeCaption();
        placeStatus();
    }

    /**
     * On a compact row the caption follows the state word on its line, in a column shared by the rows; a word longer
     * than the column (Russian "освободил" in bold) pushes its own caption right rather than running into it.
     */
    /**
     * What the caption's line says: on a one-line (compact) row the status (session, server, connection) follows the
     * caption in it, so the two never overlap and the caption's fitting (wider rows, smaller type, no words) makes room
     * for both; on a two-line row the status has a place of its own.
     */
    private String lineText() {
        String said = status.getText();
        if (captionColumn < 0 || said.isEmpty()) {
            return captionText;
        }
        return captionText.isEmpty() ? said : captionText + " \u00b7 " + said;
    }

    private void placeCaption() {
        double size0 = Math.min(captionSize, captionCap);
        String line = lineText();
        caption.setText(line);
        word.setVisible(true);
        wordAndCaptionFit = true;
        if (captionColumn < 0) {
            // two lines: the caption under its word, smaller where the row is too narrow for it
            caption.setFont(LaneFonts.of(size0, false, false));
            double w = caption.getLayoutBounds().getWidth();
            wholeWidth = caption.getX() + Math.max(w, word.getLayoutBounds().getWidth()) + 6;
            double room = tint.getWidth() - 6 - caption.getX();
            if (w > room && w > 0) {
                caption.setFont(LaneFonts.of(Math.floor(Math.max(size0 * 0.6, size0 * room / w)), false,
                        false));
            }
        } else {
            double afterWord = word.getX() + word.getLayoutBounds().getWidth() + word.getFont().getSize() * 0.5;
            double room = tint.getWidth() - 6;
            caption.setFont(LaneFonts.of(size0, false, false));
            // Whole after its word at no less than 0.8 of the row's type: else the lane drops its words.
            wordAndCaptionFit = afterWord + caption.getLayoutBounds().getWidth() * 0.8 <= room;
            if (wordless) {
                word.setVisible(false);
                caption.setText(line.isEmpty() ? word.getText() : line);
                caption.setFill(word.getFill());
                afterWord = word.getX();
            }
            // A narrow row (three lanes, presentation type, Russian): the caption leaves the shared column and follows
            // its word, and if it still runs past the row its type gets smaller (to 0.6 of the row's) rather than the
            // caption running under the session lines.
            caption.setFont(LaneFonts.of(size0, false, false));
            double x = wordless ? afterWord : Math.max(captionColumn, afterWord);
            wholeWidth = x + caption.getLayoutBounds().getWidth() + 6;
            if (x + caption.getLayoutBounds().getWidth() > room) {
                x = afterWord;
            }
            double w = caption.getLayoutBounds().getWidth();
            if (x + w > room && w > 0) {
                double size = Math.max(size0 * 0.6, size0 * (room - x) / w);
                caption.setFont(LaneFonts.of(Math.floor(size), false, false));
            }
            caption.setX(x);
        }
        elideCaption();
    }

    /** The largest type the lane lets this row's caption have: its smallest row's, so a lane's captions match. */
    private double captionCap = Double.MAX_VALUE;

    void capCaption(double cap) {
        if (cap != captionCap) {
            captionCap = cap;
            placeCaption();
            placeStatus();
        }
    }

    /** The caption's type as shown (0 when it shows nothing). */
    double captionShownSize() {
        return caption.isVisible() && !caption.getText().isEmpty() ? caption.getFont().getSize() : 0;
    }

    /** The row's width that would show its words and whole caption at the row's type (as laid out last). */
    private double wholeWidth;

    double wholeWidth() {
        return wholeWidth;
    }

    /** Whether this row's state word and whole caption fit on its line as laid out last (see {@link #wordless}). */
    boolean wordAndCaptionFit() {
        return wordAndCaptionFit;
    }

    /** The lane's choice: whether its compact rows show their state words (false: the caption alone). */
    void showWords(boolean show) {
        wordless = !show;
    }

    /** The caption as the frame says it (the row may show it cut). */
    private String captionText = "";

    String captionText() {
        return captionText;
    }

    /** The whole caption, as a tooltip, while the row shows it shortened. */
    private javafx.scene.control.Tooltip wholeCaption;

    /**
     * A caption that is still too long at its smallest type (three lanes at 1280 px, Russian) is cut at a word with
     * "…" inside its row, never run under the session lines and the server's column; the row's tooltip then holds it
     * whole.
     */
    private void elideCaption() {
        String whole = caption.getText();
        // half a pixel to spare: the room and a width that fit it exactly differ in the last bits of a double
        double room = tint.getWidth() - 6 - caption.getX() + 0.5;
        if (!caption.isVisible() || whole.isEmpty() || caption.getLayoutBounds().getWidth() <= room) {
            showWhole(null);
            return;
        }
        String shown = "…";
        for (int end = whole.length() - 1; end > 0; end--) {
            // cut at a space where one is near, else inside the word
            if (Character.isWhitespace(whole.charAt(end)) || end == whole.length() - 1
                    || !whole.substring(0, end).contains(" ")) {
                String candidate = whole.substring(0, end).stripTrailing() + "…";
                caption.setText(candidate);
                if (caption.getLayoutBounds().getWidth() <= room) {
                    shown = candidate;
                    break;
                }
            }
        }
        caption.setText(shown);
        showWhole(whole);
    }

    private void showWhole(String whole) {
        if (whole == null) {
            if (wholeCaption != null) {
                javafx.scene.control.Tooltip.uninstall(this, wholeCaption);
                wholeCaption = null;
            }
            return;
        }
        if (wholeCaption == null) {
            wholeCaption = new javafx.scene.control.Tooltip();
            javafx.scene.control.Tooltip.install(this, wholeCaption);
        }
        wholeCaption.setText(whole);
    }

    /**
     * The look of a client's process and session, drawn over and around its avatar at the avatar's size, so paused,
     * cut off, crashed, expired and zombie clients differ by shape (not only by a small word or a colour): pause bars
     * and a dotted ring for a stopped process; a cut line and a dashed ring for a lost connection; a red cross over a
     * crashed client; a red ring with a slash for a session the server ended (expired, zombie).
     */
    private void showLook(Row.Look look, Palette p) {
        double r = avatar.getRadius();
        double cx = avatar.getCenterX();
        double cy = avatar.getCenterY();
        double w = Math.max(2, r * 0.2);
        ring.setCenterX(cx);
        ring.setCenterY(cy);
        ring.setRadius(r + w * 0.6);
        ring.setStrokeWidth(Math.max(1.5, r * 0.13));
        ring.getStrokeDashArray().clear();
        lookMark.setStrokeWidth(w);
        double k = r * 0.55;
        String path = "";
        Color ringColour = null;
        Color markColour = p.text();
        switch (look) {
            case PAUSED -> {
                double bar = r * 0.25;
                path = String.format(java.util.Locale.ROOT, "M%.1f,%.1f V%.1f M%.1f,%.1f V%.1f", cx - bar, cy - k,
                        cy + k, cx + bar, cy - k, cy + k);
                ringColour = p.text();
                ring.getStrokeDashArray().setAll(1.0, ring.getStrokeWidth() * 1.6);
                ring.setStrokeLineCap(javafx.scene.shape.StrokeLineCap.ROUND);
            }
            case CUT_OFF, NO_SERVER -> {
                path = String.format(java.util.Locale.ROOT, "M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f",
                        cx - k, cy + k, cx - k * 0.25, cy + k * 0.25, cx + k * 0.25, cy - k * 0.25, cx + k, cy - k);
                ringColour = p.text();
                ring.getStrokeDashArray().setAll(r * 0.35, r * 0.25);
                ring.setStrokeLineCap(javafx.scene.shape.StrokeLineCap.BUTT);
            }
            case CRASHED -> {
                path = String.format(java.util.Locale.ROOT, "M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f",
                        cx - k, cy - k, cx + k, cy + k, cx + k, cy - k, cx - k, cy + k);
                markColour = p.finding();
            }
            case EXPIRED, ZOMBIE -> {
                double d = r * 0.7;
                path = String.format(java.util.Locale.ROOT, "M%.1f,%.1f L%.1f,%.1f", cx - d, cy + d, cx + d, cy - d);
                markColour = p.finding();
                ringColour = p.finding();
                ring.setStrokeLineCap(javafx.scene.shape.StrokeLineCap.BUTT);
            }
            default -> {
                // healthy or closed: the avatar alone (a closed session is faded, its word says it)
            }
        }
        boolean big = r >= 6;
        lookMark.setContent(path);
        lookMark.setStroke(markColour);
        lookMark.setVisible(big && !path.isEmpty());
        ring.setStroke(ringColour);
        ring.setVisible(big && ringColour != null);
        shownLook = look;
    }

    /** Test hook: the look drawn over the avatar. */
    Row.Look shownLook() {
        return shownLook;
    }

    /** The caption's type size as the row's layout sets it (a narrow compact row may show it smaller). */
    private double captionSize = 15;

    /** The connection words sit after the state word, on its line. */
    private void placeStatus() {
        if (captionColumn >= 0) {
            status.setVisible(false); // said in the caption's line (lineText)
            return;
        }
        double room = tint.getWidth() - 6;
        double sw = status.getLayoutBounds().getWidth();
        double afterWord = word.getX() + word.getLayoutBounds().getWidth() + 8;
        double afterCaption = caption.getX() + caption.getLayoutBounds().getWidth() + 8;
        // Beside the state word; on a narrow row after the caption; never past the row's edge.
        boolean besideWord = word.isVisible()
                && (afterWord + sw <= room || afterCaption + sw > room || caption.getY() == word.getY());
        status.setX(besideWord ? afterWord : afterCaption);
        status.setY(besideWord ? word.getY() : caption.getY());
        status.setVisible(caption.isVisible() && !status.getText().isEmpty()
                && status.getX() + sw <= room + 6);
    }
}
