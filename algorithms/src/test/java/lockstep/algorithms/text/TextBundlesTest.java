package lockstep.algorithms.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The key-completeness test of the algorithms module: every registered bundle on this module's class path has the
 * same keys and placeholders in zh and ru as in English, and no translated file here escapes the registry. The
 * simulator and gui modules run the same two checks on their class paths (which include this module's bundles).
 */
class TextBundlesTest {

    @Test
    void everyRegisteredBundleIsCompleteInEveryLanguage() {
        assertTrue(TextBundles.registered().contains(AlgorithmTexts.BUNDLE));
        assertEquals(List.of(), BundleAudit.problemsOfEveryBundle());
    }

    @Test
    void theAuditFindsMissingAndExtraKeysChangedPlaceholdersAndBadPatterns() {
        assertEquals(List.of(
                "lockstep/algorithms/text/broken_zh.properties: missing key b",
                "lockstep/algorithms/text/broken_zh.properties: a has placeholders [1], English has [0]",
                "lockstep/algorithms/text/broken_zh.properties: key d is not in English",
                "lockstep/algorithms/text/broken_ru.properties: c is not a valid message pattern: Unmatched braces in the pattern."),
                BundleAudit.problems("lockstep.algorithms.text.broken"));
    }

    @Test
    void aTranslationNoRegistrationNamesIsReported() {
        assertEquals(List.of("lockstep/algorithms/text/broken_ru.properties",
                        "lockstep/algorithms/text/broken_zh.properties"),
                BundleAudit.unregistered(Path.of("target", "test-classes"), TextBundles.registered()));
    }

    @Test
    void everyTranslatedFileOfThisModuleBelongsToARegisteredBundle() {
        assertEquals(List.of(), BundleAudit.unregistered(Path.of("target", "classes"), TextBundles.registered()));
    }
}
