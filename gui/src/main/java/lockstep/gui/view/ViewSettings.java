package lockstep.gui.view;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/** How views draw (not what): the canvas palette, presentation scale, whether to animate (off for headless frames). */
public final class ViewSettings {

    private final ObjectProperty<Palette> palette = new SimpleObjectProperty<>(this, "palette", Palette.LIGHT);
    private final BooleanProperty presentation = new SimpleBooleanProperty(this, "presentation");
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

    /** How much larger everything is drawn: 1.5 in presentation (projection) mode. */
    public double scale() {
        return presentation.get() ? 1.5 : 1.0;
    }

    /** Arrow and pulse line width: 3 px in presentation mode, so a projector does not lose them. */
    public double lineWidth() {
        return presentation.get() ? 3 : 1.5;
    }

    /** The smallest text drawn on a canvas: 24 px in presentation mode. */
    public double minText() {
        return presentation.get() ? 24 : 0;
    }

    public boolean animate() {
        return animate;
    }

    public double stillPhase() {
        return stillPhase;
    }
}
