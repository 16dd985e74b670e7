package lockstep.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ResourceBundle;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.text.SimulatorTexts;

/**
 * The browser player says what the window says: every word of the player's bundle that is not the page's own
 * ({@code page.*}) is a copy of the window's text under the same key, in every language. (The page is made by the
 * simulator, which cannot read the window's bundle; this test keeps the copies true.)
 */
class PlayerWordsTest {

    @Test
    void thePlayersWordsAreTheWindows() {
        List<String> wrong = new ArrayList<>();
        for (Language language : Language.values()) {
            ResourceBundle player = Texts.bundle(SimulatorTexts.PLAYER).resources(language);
            ResourceBundle window = Texts.bundle(WindowTexts.BUNDLE).resources(language);
            for (String key : Collections.list(player.getKeys())) {
                if (key.startsWith("page.")) {
                    continue;
                }
                String theirs = window.containsKey(key) ? window.getString(key) : "(no such key)";
                if (!theirs.equals(player.getString(key))) {
                    wrong.add(language.tag() + " " + key + ": the window says '" + theirs + "', the player '"
                            + player.getString(key) + "'");
                }
            }
        }
        assertEquals(List.of(), wrong);
    }
}
