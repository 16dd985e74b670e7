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
 * @param at          where the line is
 * @param text        the script line as the trace shows it ("say: ...")
 * @param narration   the text for every algorithm not named otherwise ("" when only per-algorithm texts are given)
 * @param only        the algorithms {@code narration} is limited to (empty: all of them)
 * @param byAlgorithm texts for particular algorithms, which win over {@code narration}
 */
public record Say(Position at, String text, String narration, List<String> only, Map<String, String> byAlgorithm)
        implements Step {

    public Say {
        only = List.copyOf(only);
        byAlgorithm = Map.copyOf(byAlgorithm);
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
}
