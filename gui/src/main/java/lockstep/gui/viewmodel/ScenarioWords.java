package lockstep.gui.viewmodel;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lockstep.simulator.scenario.Repeat;
import lockstep.simulator.scenario.Say;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Wording;

/**
 * A scenario's own texts in the window's language: its title and its narration. Traces record the English text of
 * each say line (so a trace is the same bytes in every language); this table finds the other languages of that text in
 * the scenario the run came from.
 *
 * <p>Steps: walk the script (repeats included) and file every text of every say line under its English text. A
 * narration the scenario does not know (a trace of an older file, a scenario that gives English only) is shown as
 * recorded.
 *
 * @param title       the title (a built-in's is prefixed with its id by the caller)
 * @param description the scenario's description, shown under the title on the title card (beats before the script);
 *                    empty when not known
 * @param narration   English narration text to the same text in every language the scenario gives it
 */
public record ScenarioWords(Wording title, Wording description, Map<String, Wording> narration) {

    public ScenarioWords {
        narration = Map.copyOf(narration);
    }

    /** Words with no description (a recorded trace's). */
    public ScenarioWords(Wording title, Map<String, Wording> narration) {
        this(title, Wording.english(""), narration);
    }

    /** Words for a run whose scenario is not known: everything as recorded. */
    public static ScenarioWords english(String title) {
        return new ScenarioWords(Wording.english(title), Map.of());
    }

    /** The title, the description and every narration text of {@code scenario}. */
    public static ScenarioWords of(Scenario scenario) {
        Map<String, Wording> narration = new HashMap<>();
        collect(scenario.script(), narration);
        return new ScenarioWords(scenario.titleInLanguages(), scenario.descriptionInLanguages(), narration);
    }

    /** The same words under another title (a built-in's id before it). */
    public ScenarioWords titled(Wording newTitle) {
        return new ScenarioWords(newTitle, description, narration);
    }

    /** The description in {@code language} ("" when there is none). */
    public String description(String language) {
        return description.in(language);
    }

    /**
     * The title card's text: the title and, on a line of its own, the description (the title alone when there is
     * none). The banner shows it before the script's first line.
     */
    public String titleCard(String language) {
        String d = description(language).strip();
        return d.isEmpty() ? title(language) : title(language) + "\n" + d;
    }

    /** The recorded (English) narration {@code english} in {@code language}; as recorded when it is not known. */
    public String narration(String english, String language) {
        Wording wording = narration.get(english);
        return wording == null ? english : wording.in(language);
    }

    /** Every narration text of the scenario in {@code language} (for a banner tall enough for the longest). */
    public java.util.List<String> narrations(String language) {
        return narration.values().stream().map(w -> w.in(language)).sorted().toList();
    }

    public String title(String language) {
        return title.in(language);
    }

    private static void collect(List<Step> steps, Map<String, Wording> narration) {
        for (Step step : steps) {
            if (step instanceof Say say) {
                for (String key : say.wordings().keySet()) {
                    Wording wording = say.wording(key);
                    narration.putIfAbsent(wording.english(), wording);
                }
            } else if (step instanceof Repeat repeat) {
                collect(repeat.body(), narration);
            }
        }
    }
}
