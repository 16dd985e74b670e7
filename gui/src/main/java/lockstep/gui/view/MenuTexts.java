package lockstep.gui.view;

import lockstep.gui.text.WindowTexts;
import lockstep.simulator.export.Export;

/**
 * The window menu's words, in one place: keys of the window's bundle, read in the current language by {@link #text}.
 * An export format of the registry has three, made from its name: {@code menu.NAME} (the item),
 * {@code menu.NAME-title} (the file chooser's title) and {@code menu.NAME-files} (what its files are called).
 */
public final class MenuTexts {

    public static final String FILE = "menu.file";
    public static final String OPEN = "menu.open";
    public static final String EXPORT = "menu.export";
    public static final String PNG = "menu.png";
    public static final String GIF = "menu.gif";
    public static final String CANCEL = "menu.cancel";
    public static final String LANGUAGE = "menu.language";

    public static final String PNG_TITLE = "menu.png-title";
    public static final String GIF_TITLE = "menu.gif-title";

    public static final String PNG_FILES = "menu.png-files";
    public static final String GIF_FILES = "menu.gif-files";

    private MenuTexts() {
    }

    /** The key of an export format's menu item ({@code menu.svg}). */
    public static String item(Export format) {
        return "menu." + format.name();
    }

    /** The key of the file chooser's title for an export format ({@code menu.svg-title}). */
    public static String title(Export format) {
        return item(format) + "-title";
    }

    /** The key of what an export format's files are called ({@code menu.svg-files}). */
    public static String files(Export format) {
        return item(format) + "-files";
    }

    /** The words of {@code key} in the current language. */
    public static String text(String key) {
        return WindowTexts.text(key);
    }
}
