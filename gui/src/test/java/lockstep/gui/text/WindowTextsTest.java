package lockstep.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.text.BundleAudit;
import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.TextBundles;
import lockstep.algorithms.text.Texts;

/**
 * The key-completeness test of the gui module: the window's bundle is registered, and every bundle on this module's
 * class path has the same keys and placeholders in zh and ru as in English; no translated file here escapes the
 * registry.
 */
class WindowTextsTest {

    @Test
    void theWindowsBundleIsRegisteredAndCompleteInEveryLanguage() {
        assertTrue(TextBundles.registered().contains(WindowTexts.BUNDLE));
        assertEquals(List.of(), BundleAudit.problemsOfEveryBundle());
    }

    @Test
    void everyTranslatedFileOfThisModuleBelongsToARegisteredBundle() {
        assertEquals(List.of(), BundleAudit.unregistered(Path.of("target", "classes"), TextBundles.registered()));
    }

    @Test
    void aTextFollowsTheCurrentLanguage() {
        try {
            Texts.use(Language.ZH);
            assertEquals("等待", WindowTexts.text("state.waiting"));
            Texts.use(Language.RU);
            assertEquals("ожидает", WindowTexts.text("state.waiting"));
        } finally {
            Texts.use(Language.EN);
        }
        assertEquals("waiting", WindowTexts.text("state.waiting"));
    }
}
