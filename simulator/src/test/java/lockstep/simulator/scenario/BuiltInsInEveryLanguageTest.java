package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.simulator.BadInputException;

/**
 * Every built-in scenario gives its title, its description and every text of every say line in English, Simplified
 * Chinese and Russian, so the window never falls back to English in a built-in.
 */
class BuiltInsInEveryLanguageTest {

    static List<String> names() {
        return BuiltInScenariosTest.names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void everyTextOfABuiltInIsInEveryLanguage(String name) throws BadInputException {
        Scenario scenario = BuiltInScenarios.load(name);
        List<String> missing = new ArrayList<>();
        check("title", scenario.titleInLanguages(), missing);
        check("description", scenario.descriptionInLanguages(), missing);
        List<Say> says = new ArrayList<>();
        collect(scenario.script(), says);
        for (Say say : says) {
            List<String> keys = new ArrayList<>(say.byAlgorithm().keySet());
            if (!say.narration().isEmpty()) {
                keys.add(Say.COMMON);
            }
            for (String key : keys) {
                check("line " + say.at().line() + " " + key, say.wording(key), missing);
            }
        }

        assertTrue(!says.isEmpty(), name + " narrates");
        assertEquals(List.of(), missing, name + ": texts not in every language");
    }

    private static void check(String what, Wording wording, List<String> missing) {
        for (String language : Wording.LANGUAGES) {
            String text = wording.byLanguage().get(language);
            if (text == null || text.isBlank()) {
                missing.add(what + " in " + language);
            } else if (!language.equals("en") && text.equals(wording.english())) {
                missing.add(what + " in " + language + " is the English text");
            }
        }
    }

    private static void collect(List<Step> steps, List<Say> says) {
        for (Step step : steps) {
            if (step instanceof Say say) {
                says.add(say);
            } else if (step instanceof Repeat repeat) {
                collect(repeat.body(), says);
            }
        }
    }
}
