package lockstep.simulator.text;

import java.util.List;

import lockstep.algorithms.text.TextBundle;
import lockstep.algorithms.text.TextBundleRegistration;
import lockstep.algorithms.text.Texts;

/**
 * The captions' bundle: the sentences a lane's caption is made of ({@code LaneCaptions}), in English, Simplified
 * Chinese and Russian. The English texts are the captions as the course quotes them; the sentence ends and list
 * separators are texts too, because Chinese ends a sentence with 。 and joins a list with ，.
 */
public final class CaptionTexts implements TextBundleRegistration {

    /** Base name of the bundle. */
    public static final String BUNDLE = "lockstep.simulator.text.captions";

    private static final TextBundle TEXTS = Texts.bundle(BUNDLE);

    /** The text for {@code key} in the current language, its placeholders filled with {@code arguments}. */
    public static String text(String key, Object... arguments) {
        return TEXTS.text(key, arguments);
    }

    @Override
    public List<String> baseNames() {
        return List.of(BUNDLE);
    }
}
