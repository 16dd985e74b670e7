package lockstep.gui.text;

import java.util.List;

import lockstep.algorithms.text.TextBundle;
import lockstep.algorithms.text.TextBundleRegistration;
import lockstep.algorithms.text.Texts;

/**
 * The window's bundle: every label, button, tooltip, menu item, caption, state word and event sentence the window
 * and its rendered frames show, in English, Simplified Chinese and Russian. Texts are looked up in the process's
 * current language ({@link Texts#language()}), which the window's language menu switches live; the views re-read
 * them when it does.
 */
public final class WindowTexts implements TextBundleRegistration {

    /** Base name of the bundle. */
    public static final String BUNDLE = "lockstep.gui.text.window";

    private static final TextBundle TEXTS = Texts.bundle(BUNDLE);

    /** The text for {@code key} in the current language, its placeholders filled with {@code arguments}. */
    public static String text(String key, Object... arguments) {
        return TEXTS.text(key, arguments);
    }

    /** Whether the bundle has {@code key}. */
    public static boolean has(String key) {
        return TEXTS.has(key);
    }

    @Override
    public List<String> baseNames() {
        return List.of(BUNDLE);
    }
}
