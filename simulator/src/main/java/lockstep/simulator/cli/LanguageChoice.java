package lockstep.simulator.cli;

import java.util.Optional;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.text.SimulatorTexts;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;

/**
 * Which language a command speaks: {@code --lang} where given (on {@code lockstep} or any command), else
 * {@code lockstep.lang} / {@code LOCKSTEP_LANG}, else the system locale.
 *
 * <p>Steps of one {@code execute}: after parsing, {@link #speaking} switches {@link Texts} and the usage help bundle
 * of the whole command tree to that language, runs the command, and switches both back, so an {@code execute} in a
 * test leaves nothing behind. A {@code LOCKSTEP_LANG} that names no language is bad input (one line, exit 2), as a
 * bad {@code --lang} is.
 */
final class LanguageChoice {

    static final String OPTION = "--lang";

    private LanguageChoice() {
    }

    /** Converts {@code --lang}'s value; anything but en, zh, ru (or zh-CN and the like) is refused. */
    static final class Converter implements ITypeConverter<Language> {
        @Override
        public Language convert(String value) {
            return Language.ofTag(value).orElseThrow(() -> new TypeConversionException(
                    SimulatorTexts.text("lang.unknown", value, Language.tags())));
        }
    }

    /** Runs {@code next} in the language the command line chose, then restores the one before. */
    static IExecutionStrategy speaking(IExecutionStrategy next) {
        return parseResult -> {
            Language language = chosen(parseResult)
                    .orElseGet(() -> configured(parseResult.commandSpec().commandLine()));
            return in(parseResult.commandSpec().root().commandLine(), language, () -> next.execute(parseResult));
        };
    }

    /** What a body returns; it may throw what picocli's strategies throw. */
    interface Body {
        int run();
    }

    /** Runs {@code body} with {@code root}'s tree speaking {@code language}, then switches back. */
    static int in(CommandLine root, Language language, Body body) {
        Language before = Texts.language();
        use(root, language);
        try {
            return body.run();
        } finally {
            use(root, before);
        }
    }

    /** Switches {@link Texts} and the usage help of {@code root}'s whole tree to {@code language}. */
    static void use(CommandLine root, Language language) {
        Texts.use(language);
        root.setResourceBundle(SimulatorTexts.help(language));
    }

    /** The language {@code --lang} names in the parsed command line, on whichever command it was given. */
    static Optional<Language> chosen(ParseResult parseResult) {
        Language found = null;
        for (ParseResult result = parseResult; result != null; result = result.subcommand()) {
            if (result.hasMatchedOption(OPTION)) {
                found = result.matchedOptionValue(OPTION, found);
            }
        }
        return Optional.ofNullable(found);
    }

    /**
     * The language {@code --lang} names in raw arguments that did not parse (so the one-line error speaks it), when
     * it names one.
     */
    static Optional<Language> chosen(String[] args) {
        Optional<Language> found = Optional.empty();
        for (int i = 0; args != null && i < args.length; i++) {
            if (args[i].equals(OPTION) && i + 1 < args.length) {
                found = Language.ofTag(args[i + 1]);
            } else if (args[i].startsWith(OPTION + "=")) {
                found = Language.ofTag(args[i].substring(OPTION.length() + 1));
            }
        }
        return found;
    }

    /** The language set by the system property or LOCKSTEP_LANG, else the system locale's; a bad value is refused. */
    static Language configured(CommandLine cmd) {
        Optional<String> tag = Language.configuredTag();
        if (tag.isPresent() && Language.ofTag(tag.get()).isEmpty()) {
            String source = System.getProperty(Language.PROPERTY) != null ? "-D" + Language.PROPERTY
                    : Language.VARIABLE;
            throw new ParameterException(cmd, SimulatorTexts.text("lang.unknownVariable", source, tag.get(),
                    Language.tags()));
        }
        return Language.atStartUp();
    }
}
