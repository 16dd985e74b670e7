package lockstep.algorithms.text;

import java.util.List;

/** The algorithms module's bundle: the registry texts of algorithms (descriptions, subtitles, flags). */
public final class AlgorithmTexts implements TextBundleRegistration {

    /** Base name of the bundle. */
    public static final String BUNDLE = "lockstep.algorithms.text.algorithms";

    private static final TextBundle TEXTS = Texts.bundle(BUNDLE);

    /** The text for {@code key} in the current language. */
    public static String text(String key, Object... arguments) {
        return TEXTS.text(key, arguments);
    }

    /** True when the bundle has {@code key} (a lock a user wrote has no texts of its own). */
    public static boolean has(String key) {
        return TEXTS.has(key);
    }

    @Override
    public List<String> baseNames() {
        return List.of(BUNDLE);
    }
}
