package lockstep.gui.view;

/** The window menu's words, in one place (the resource bundles take them from here). */
public final class MenuTexts {

    public static final String FILE = "_File";
    public static final String OPEN = "Open…";
    public static final String EXPORT = "_Export";
    public static final String SVG = "Sequence diagram (SVG)…";
    public static final String SHIVIZ = "ShiViz log…";
    public static final String CSV = "Metrics (CSV)…";
    public static final String PNG = "Save frame as PNG…";
    public static final String GIF = "Save run as GIF…";
    public static final String CANCEL = "Cancel";

    public static final String SVG_TITLE = "Export the focused lane's sequence diagram";
    public static final String SHIVIZ_TITLE = "Export the focused lane as a ShiViz log";
    public static final String CSV_TITLE = "Export every lane's metrics";
    public static final String PNG_TITLE = "Save the lanes at this moment as a picture";
    public static final String GIF_TITLE = "Save the whole run as an animated picture";

    public static final String SVG_FILES = "SVG pictures";
    public static final String SHIVIZ_FILES = "ShiViz logs";
    public static final String CSV_FILES = "CSV tables";
    public static final String PNG_FILES = "PNG pictures";
    public static final String GIF_FILES = "GIF animations";

    private MenuTexts() {
    }
}
