package lockstep.algorithms.text;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A language Lockstep speaks: English, Simplified Chinese or Russian. English is the bundles' base file (the
 * {@code .properties} without a suffix), the others are {@code _zh} and {@code _ru} beside it.
 *
 * <p>Which one a process starts in: the system property {@value #PROPERTY} (tests pin it to {@code en}), else the
 * environment variable {@value #VARIABLE}, else the system locale ({@code zh*} -> zh, {@code ru*} -> ru, anything
 * else -> en). The CLI's {@code --lang} and the window's language menu override it at run time through
 * {@link Texts#use(Language)}.
 */
public enum Language {
    EN("en", "English"),
    ZH("zh", "简体中文"),
    RU("ru", "Русский");

    /** The system property naming the language at start-up ({@code -Dlockstep.lang=ru}). */
    public static final String PROPERTY = "lockstep.lang";
    /** The environment variable naming the language at start-up ({@code LOCKSTEP_LANG=zh}). */
    public static final String VARIABLE = "LOCKSTEP_LANG";

    private final String tag;
    private final String ownName;

    Language(String tag, String ownName) {
        this.tag = tag;
        this.ownName = ownName;
    }

    /** The tag users type: {@code en}, {@code zh}, {@code ru}. */
    public String tag() {
        return tag;
    }

    /** The language's name in itself, as a language menu shows it: English, 简体中文, Русский. */
    public String ownName() {
        return ownName;
    }

    /** The locale the bundles are looked up with; its language is the tag. */
    public Locale locale() {
        return Locale.forLanguageTag(tag);
    }

    /** The language a user's tag names ({@code ZH} and {@code zh-CN} name zh), or empty when it names none. */
    public static Optional<Language> ofTag(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(l -> wanted.equals(l.tag) || wanted.startsWith(l.tag + "-") || wanted.startsWith(l.tag + "_"))
                .findFirst();
    }

    /** The language for a system locale: {@code zh*} -> zh, {@code ru*} -> ru, anything else -> en. */
    public static Language ofLocale(Locale locale) {
        return ofTag(locale.getLanguage()).orElse(EN);
    }

    /** The tags, for messages: {@code en, zh, ru}. */
    public static String tags() {
        return Arrays.stream(values()).map(Language::tag).collect(Collectors.joining(", "));
    }

    /**
     * The language a process starts in: {@value #PROPERTY}, else {@value #VARIABLE}, else the system locale. A value
     * that names no language is skipped here; the CLI reports it as bad input (see {@link #configuredTag()}).
     */
    public static Language atStartUp() {
        return configuredTag().flatMap(Language::ofTag).orElseGet(() -> ofLocale(Locale.getDefault()));
    }

    /** The tag set by the system property or the environment variable, as written, when one is set. */
    public static Optional<String> configuredTag() {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return Optional.of(property.strip());
        }
        String variable = System.getenv(VARIABLE);
        return variable == null || variable.isBlank() ? Optional.empty() : Optional.of(variable.strip());
    }
}
