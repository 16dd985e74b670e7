package lockstep.gui.view;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/** How views draw (not what): the canvas palette, presentation scale, whether to animate (off for headless frames). */
public final class ViewSettings {

    private final ObjectProperty<Palette> palette = new SimpleObjectProperty<>(this, "palette", Palette.LIGHT);
    private final BooleanProperty presentation = new SimpleBooleanProperty(this, "presentation");
    private final DoubleProperty room = new SimpleDoubleProperty(this, "room", 1);
    private boolean foldFindings;
    private final boolean animate;
    /** Where pulses stand on a frame drawn without animation (0 at the znode, 1 at the client). */
    private final double stillPhase;

    public ViewSettings(boolean animate) {
        this(animate, 0.6);
    }

    public ViewSettings(boolean animate, double stillPhase) {
        this.animate = animate;
        this.stillPhase = stillPhase;
    }

    public ObjectProperty<Palette> paletteProperty() {
        return palette;
    }

    public Palette palette() {
        return palette.get();
    }

    public BooleanProperty presentationProperty() {
        return presentation;
    }

    /**
     * How much of presentation mode's full size the screen has room for: 1 at 1920x1080 and above, less on a smaller
     * screen (0.67 at 1280x800), never below what keeps presentation text as large as normal text.
     */
    public DoubleProperty roomProperty() {
        return room;
    }

    /** The room a {@code width} x {@code height} screen gives presentation mode (see {@link #roomProperty}). */
    public static double roomOf(double width, double height) {
        double r = Math.min(width / 1920, height / 1080);
        return Math.max(MIN_ROOM, Math.min(1, r));
    }

    /** Presentation text is 24 px at full room; this room keeps it at the normal 15 px. */
    static final double MIN_ROOM = 15.0 / 24;

    /** How far presentation sizes go from the normal ones (0) to their full size (1) with {@code room}. */
    public static double reach(double room) {
        return Math.max(0, Math.min(1, (room - MIN_ROOM) / (1 - MIN_ROOM)));
    }

    /** How much larger everything is drawn: 1.5 in presentation (projection) mode at 1920x1080, less on less room. */
    public double scale() {
        return presentation.get() ? 1 + 0.5 * reach(room.get()) : 1.0;
    }

    /** Arrow and pulse line width: 3 px in presentation mode, so a projector does not lose them. */
    public double lineWidth() {
        return presentation.get() ? 3 : 1.5;
    }

    /** The smallest text drawn on a canvas: 24 px in presentation mode at 1920x1080 (scaled to the room, at least 15). */
    public double minText() {
        return presentation.get() ? 15 + 9 * reach(room.get()) : 0;
    }

    /**
     * Whether a lane folds its findings into a chip that opens them over its clients (the window), or shows them
     * under its clients (a rendered frame, where nothing can be clicked).
     */
    public boolean foldFindings() {
        return foldFindings;
    }

    public void setFoldFindings(boolean fold) {
        this.foldFindings = fold;
    }

    public boolean animate() {
        return animate;
    }

    public double stillPhase() {
        return stillPhase;
    }
}
