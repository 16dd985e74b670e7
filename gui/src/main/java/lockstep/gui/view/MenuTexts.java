package lockstep.gui.view;

import lockstep.gui.text.WindowTexts;

/** The window menu's words, in one place: keys of the window's bundle, read in the current language by {@link #text}. */
public final class MenuTexts {

    public static final String FILE = "menu.file";
    public static final String OPEN = "menu.open";
    public static final String EXPORT = "menu.export";
    public static final String SVG = "menu.svg";
    public static final String SHIVIZ = "menu.shiviz";
    public static final String CSV = "menu.csv";
    public static final String PNG = "menu.png";
    public static final String GIF = "menu.gif";
    public static final String CANCEL = "menu.cancel";
    public static final String LANGUAGE = "menu.language";

    public static final String SVG_TITLE = "menu.svg-title";
    public static final String SHIVIZ_TITLE = "menu.shiviz-title";
    public static final String CSV_TITLE = "menu.csv-title";
    public static final String PNG_TITLE = "menu.png-title";
    public static final String GIF_TITLE = "menu.gif-title";

    public static final String SVG_FILES = "menu.svg-files";
    public static final String SHIVIZ_FILES = "menu.shiviz-files";
    public static final String CSV_FILES = "menu.csv-files";
    public static final String PNG_FILES = "menu.png-files";
    public static final String GIF_FILES = "menu.gif-files";

    private MenuTexts() {
    }

    /** The words of {@code key} in the current language. */
    public static String text(String key) {
        return WindowTexts.text(key);
    }
}
