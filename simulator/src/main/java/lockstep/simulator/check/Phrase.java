package lockstep.simulator.check;

import java.util.Arrays;
import java.util.List;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.text.SimulatorTexts;

/**
 * A sentence of the checker kept as a key of the messages bundle and its arguments, so it can be said in any
 * language after the fact: a finding's {@code message} (JSON, explore's files) is its English, the CLI and the
 * window show it in the current language. An argument that is itself a phrase is said in the same language.
 */
public record Phrase(String key, List<Object> arguments) {

    public Phrase {
        arguments = List.copyOf(arguments);
    }

    public static Phrase of(String key, Object... arguments) {
        return new Phrase(key, Arrays.asList(arguments));
    }

    /** The sentence in {@code language}. */
    public String in(Language language) {
        Object[] said = arguments.stream().map(a -> a instanceof Phrase p ? p.in(language) : a).toArray();
        return Texts.bundle(SimulatorTexts.MESSAGES).in(language, key, said);
    }

    /** The sentence in English, what traces, JSON and files keep. */
    public String english() {
        return in(Language.EN);
    }

    /** The sentence in the current language. */
    public String local() {
        return in(Texts.language());
    }

    /** Plain text that needs no translating (a client's name, a path), as a phrase. */
    public static Phrase plain(String text) {
        return of("check.plain", text);
    }

    /** "a", "a and b", "a, b and c", in the language's own way. */
    public static Phrase list(List<?> items) {
        if (items.isEmpty()) {
            return plain("");
        }
        if (items.size() == 1) {
            return of("check.plain", items.get(0));
        }
        if (items.size() == 2) {
            return of("check.list.pair", items.get(0), items.get(1));
        }
        return of("check.list.more", items.get(0), list(items.subList(1, items.size())));
    }
}
