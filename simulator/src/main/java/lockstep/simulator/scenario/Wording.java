package lockstep.simulator.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One text of a scenario file (a title, a description, a say line) in the languages the file gives it: English
 * always, Simplified Chinese and Russian when the file has them.
 *
 * <p>Guarantees: {@link #english()} is always there (empty only for a text the file leaves out, like a missing
 * description); {@link #in(String)} gives the text in a language, or the English
 * one when the file has none in it. The English text is what traces record, so a trace is the same bytes whatever
 * language a window shows.
 *
 * @param byLanguage language code ({@link #LANGUAGES}) to text, English first
 */
public record Wording(Map<String, String> byLanguage) {

    /** The language codes a scenario file may use, English (the one every text must have) first. */
    public static final List<String> LANGUAGES = List.of("en", "zh", "ru");

    public Wording {
        if (!byLanguage.containsKey("en")) {
            throw new IllegalArgumentException("a wording needs its English text: " + byLanguage);
        }
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String language : LANGUAGES) {
            if (byLanguage.containsKey(language)) {
                ordered.put(language, byLanguage.get(language));
            }
        }
        if (ordered.size() != byLanguage.size()) {
            throw new IllegalArgumentException("unknown language in " + byLanguage.keySet() + " (expected " + LANGUAGES + ")");
        }
        byLanguage = java.util.Collections.unmodifiableMap(ordered);
    }

    /** A text given only in English (the plain string form of the file). */
    public static Wording english(String text) {
        return new Wording(Map.of("en", text));
    }

    public String english() {
        return byLanguage.get("en");
    }

    /** The text in {@code language}, or the English one when the file does not give it in that language. */
    public String in(String language) {
        return byLanguage.getOrDefault(language, english());
    }

    /** Whether the file gives more than the English text. */
    public boolean isTranslated() {
        return byLanguage.size() > 1;
    }
}
