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
 * Every fault of the registry has its word in the window's event log ({@code fault.NAME}), and every phase of a beat its
 * word in the window's and the player's status line ({@code phase.NAME}), in every language: a new fault or phase
 * cannot reach a picture as its bare name.
 */
class EveryNameHasAWordTest {

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

    @Test
    void everyPhaseOfABeatHasItsWordInTheWindowAndThePlayer() {
        List<String> missing = new ArrayList<>();
        for (Language language : Language.values()) {
            for (String bundle : List.of(WindowTexts.BUNDLE, lockstep.simulator.text.SimulatorTexts.PLAYER)) {
                ResourceBundle words = Texts.bundle(bundle).resources(language);
                for (lockstep.simulator.replay.Beats.Phase phase : lockstep.simulator.replay.Beats.Phase.values()) {
                    String key = "phase." + phase.name().toLowerCase(java.util.Locale.ROOT);
                    if (!words.containsKey(key)) {
                        missing.add(language.tag() + " " + bundle + ": " + key);
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
    }
}
