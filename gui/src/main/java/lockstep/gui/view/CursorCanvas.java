package lockstep.gui.view;

import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Pane;

import lockstep.gui.viewmodel.ReplayCursor;

/**
 * A view drawn on a canvas that fills it, redrawn whenever the cursor moves, the focused lane or the palette changes,
 * or its size does. Subclasses only draw.
 */
abstract class CursorCanvas extends Pane {

    protected final ReplayCursor cursor;
    protected final ViewSettings settings;
    protected final Canvas canvas = new Canvas();

    CursorCanvas(ReplayCursor cursor, ViewSettings settings) {
        this.cursor = cursor;
        this.settings = settings;
        getChildren().add(canvas);
        canvas.widthProperty().bind(widthProperty());
        canvas.heightProperty().bind(heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        cursor.indexProperty().addListener(o -> draw());
        cursor.focusedLaneProperty().addListener(o -> draw());
        settings.paletteProperty().addListener(o -> draw());
        setMinSize(200, 200);
    }

    /** Draws the whole canvas for the cursor's current position. */
    protected abstract void draw();
}
