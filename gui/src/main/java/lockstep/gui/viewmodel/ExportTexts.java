package lockstep.gui.viewmodel;

import java.nio.file.Path;

/** Every sentence the window's exports say, in one place (the resource bundles take them from here). */
public final class ExportTexts {

    public static final String NO_RUN = "No run is open: open a scenario or a trace first.";
    public static final String BUSY = "A picture is still being drawn: wait for it or cancel it.";
    public static final String CANNOT_EXPORT = "Cannot export; nothing was written.";
    public static final String WRITING = "Writing";
    public static final String DRAWING_FRAME = "Drawing the frame";
    public static final String DRAWING_GIF = "Drawing the GIF";
    public static final String CANCELLED = "Cancelled: nothing written.";

    private ExportTexts() {
    }

    public static String wrote(Path file) {
        return "Wrote " + file;
    }
}
