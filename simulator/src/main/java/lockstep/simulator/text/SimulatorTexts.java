package lockstep.simulator.text;

import java.util.List;
import java.util.ResourceBundle;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.TextBundle;
import lockstep.algorithms.text.TextBundleRegistration;
import lockstep.algorithms.text.Texts;

/**
 * The simulator module's bundles: {@link #HELP}, the usage help of every command in picocli's key format
 * ({@code lockstep.run.usage.description}, {@code lockstep.run.algorithm}); {@link #MESSAGES}, what the commands
 * print (tables, reports, one-line errors) and the sentences of faults and checker findings.
 */
public final class SimulatorTexts implements TextBundleRegistration {

    /** Base name of the usage help bundle, read by picocli. */
    public static final String HELP = "lockstep.simulator.text.help";
    /** Base name of the messages bundle. */
    public static final String MESSAGES = "lockstep.simulator.text.messages";

    /** Base name of the browser player's words (see {@code lockstep.simulator.export.PlayerPage}). */
    public static final String PLAYER = "lockstep.simulator.text.player";

    private static final TextBundle TEXTS = Texts.bundle(MESSAGES);
    private static final TextBundle USAGE = Texts.bundle(HELP);

    /** A message in the current language, its placeholders filled. */
    public static String text(String key, Object... arguments) {
        return TEXTS.text(key, arguments);
    }

    /** A message in English, whatever the current language (for what must not change with it). */
    public static String english(String key, Object... arguments) {
        return TEXTS.in(Language.EN, key, arguments);
    }

    /** A text of the usage help bundle in the current language ({@code lockstep.export.svg}: an option's help). */
    public static String usage(String key) {
        return USAGE.text(key);
    }

    /** The usage help bundle in {@code language}, for {@code CommandLine.setResourceBundle}. */
    public static ResourceBundle help(Language language) {
        return USAGE.resources(language);
    }

    @Override
    public List<String> baseNames() {
        return List.of(HELP, MESSAGES, PLAYER);
    }
}
