package lockstep.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import javafx.scene.paint.Color;
import lockstep.gui.viewmodel.StateStyle;

/** Both themes meet WCAG AA: text 4.5:1 against the surface, arrows and lines 3:1; client colours never repeat. */
class ContrastTest {

    @Test
    void everyTextColourAndArrowIsReadableOnBothThemes() {
        for (Palette p : List.of(Palette.LIGHT, Palette.DARK)) {
            for (Color text : List.of(p.text(), p.text2(), p.text3(), p.holdingText(), p.waitingText(),
                    p.requestingText(), p.idleText(), p.crashedText(), p.accent())) {
                assertTrue(Palette.contrast(text, p.surface()) >= 4.5, text + " on " + p.surface());
            }
            assertTrue(Palette.contrast(p.line(), p.surface()) >= 3, "watch arrows " + p.line());
            assertTrue(Palette.contrast(p.accent(), p.surface()) >= 3, "pulses " + p.accent());
            for (int i = 0; i < 40; i++) {
                Color owner = p.readable(Color.web(StateStyle.identity(i)));
                assertTrue(Palette.contrast(owner, p.surface()) >= 4.5, "owner label of client " + i);
            }
        }
    }

    @Test
    void noTwoClientsOfALaneShareAColour() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 64; i++) {
            seen.add(StateStyle.identity(i));
        }
        assertEquals(64, seen.size());
    }
}
