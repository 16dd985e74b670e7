package lockstep.gui.viewmodel;

import java.nio.file.Path;

import lockstep.gui.text.WindowTexts;

/**
 * Every sentence the window's exports say, in one place: keys of the window's bundle, read in the current language by
 * {@link #text}.
 */
public final class ExportTexts {

    public static final String NO_RUN = "export.no-run";
    public static final String BUSY = "export.busy";
    public static final String CANNOT_EXPORT = "export.cannot-export";
    public static final String WRITING = "export.writing";
    public static final String DRAWING_FRAME = "export.drawing-frame";
    public static final String DRAWING_GIF = "export.drawing-gif";
    public static final String CANCELLED = "export.cancelled";

    private ExportTexts() {
    }

    /** The sentence of {@code key} in the current language. */
    public static String text(String key) {
        return WindowTexts.text(key);
    }

    public static String wrote(Path file) {
        return WindowTexts.text("export.wrote", file.toString());
    }
}
