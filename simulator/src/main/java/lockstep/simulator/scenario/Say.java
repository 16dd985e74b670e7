package lockstep.simulator.scenario;

import java.util.List;
import java.util.Map;

/**
 * {@code say: ...}: narration for the audience; it changes nothing in the system. The text is on one line.
 *
 * <p>A say line can be limited to the algorithms it is true for ({@code say: {text: ..., for: [sequential, rwlock]}})
 * or give a text per algorithm ({@code say: {text: ..., naive: ...}}): {@link #narrationFor(String)} is what a run of
 * that algorithm shows, "" when the line says nothing true of it.
 *
 * <p>Each text may come in several languages ({@code say: {en: ..., zh: ..., ru: ...}}, the same inside the mapping
 * form): {@link #narrationFor(String, String)} is the one a window shows in a language. The trace records the
 * English one, so it is the same whatever the language.
 *
 * @param at          where the line is
 * @param text        the script line as the trace shows it ("say: ...")
 * @param narration   the text for every algorithm not named otherwise ("" when only per-algorithm texts are given)
 * @param only        the algorithms {@code narration} is limited to (empty: all of them)
 * @param byAlgorithm texts for particular algorithms, which win over {@code narration}
 * @param wordings    the texts given in more languages than English: {@link #COMMON} for {@code narration}, an
 *                    algorithm's name for its own text (a text given in English only is absent)
 */
public record Say(Position at, String text, String narration, List<String> only, Map<String, String> byAlgorithm,
                  Map<String, Wording> wordings) implements Step {

    /** The key of {@link #wordings()} for the text every algorithm not named otherwise shows. */
    public static final String COMMON = "text";

    public Say {
        only = List.copyOf(only);
        byAlgorithm = Map.copyOf(byAlgorithm);
        wordings = Map.copyOf(wordings);
    }

    public Say(Position at, String text, String narration, List<String> only, Map<String, String> byAlgorithm) {
        this(at, text, narration, only, byAlgorithm, Map.of());
    }

    public Say(Position at, String text, String narration) {
        this(at, text, narration, List.of(), Map.of());
    }

    /** The text a run of {@code algorithm} shows for this line ("" when the line is not for it). */
    public String narrationFor(String algorithm) {
        String own = byAlgorithm.get(algorithm);
        if (own != null) {
            return own;
        }
        return only.isEmpty() || only.contains(algorithm) ? narration : "";
    }

    /**
     * The text a run of {@code algorithm} shows in {@code language} ("" when the line is not for it; the English
     * text when the line has none in that language).
     */
    public String narrationFor(String algorithm, String language) {
        String english = narrationFor(algorithm);
        if (english.isEmpty()) {
            return english;
        }
        Wording wording = wordings.get(byAlgorithm.containsKey(algorithm) ? algorithm : COMMON);
        return wording == null ? english : wording.in(language);
    }

    /** The English text of {@code key} ({@link #COMMON} or an algorithm's name) with its other languages. */
    public Wording wording(String key) {
        Wording wording = wordings.get(key);
        if (wording != null) {
            return wording;
        }
        return Wording.english(key.equals(COMMON) ? narration : byAlgorithm.get(key));
    }
}
