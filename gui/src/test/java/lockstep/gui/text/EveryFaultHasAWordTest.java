package lockstep.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.Faults;

/**
 * Every fault of the registry has its word in the window's event log ({@code fault.NAME}), in every language: a new
 * fault cannot reach the window as its bare registry name in Chinese or Russian.
 */
class EveryFaultHasAWordTest {

    @Test
    void everyFaultOfTheRegistryHasItsWordInEveryLanguage() {
        List<String> missing = new ArrayList<>();
        for (Language language : Language.values()) {
            ResourceBundle window = Texts.bundle(WindowTexts.BUNDLE).resources(language);
            for (Fault fault : Faults.all()) {
                if (!window.containsKey("fault." + fault.name())) {
                    missing.add(language.tag() + ": fault." + fault.name());
                }
            }
        }
        assertEquals(List.of(), missing);
    }
}
