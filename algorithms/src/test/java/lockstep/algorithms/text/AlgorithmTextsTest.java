package lockstep.algorithms.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import lockstep.algorithms.Flag;
import lockstep.algorithms.registry.Algorithms;
import org.junit.jupiter.api.Test;

/** The registry's English (JSON, docs) and the bundle's English say the same, so the translations translate it. */
class AlgorithmTextsTest {

    @Test
    void theEnglishBundleSaysWhatTheRegistrySays() {
        List<String> differences = new ArrayList<>();
        for (Algorithms.Info info : Algorithms.all()) {
            same(differences, info.name() + " description", info.description(), info.localDescription());
            same(differences, info.name() + " subtitle", info.subtitle(), info.localSubtitle());
            same(differences, info.name() + " why", info.expected().why(), info.localWhy());
        }
        for (Flag flag : Flag.values()) {
            same(differences, "flag " + flag, flag.label(), flag.text());
        }
        assertEquals(List.of(), differences);
    }

    private static void same(List<String> differences, String what, String registry, String bundle) {
        if (!registry.equals(bundle)) {
            differences.add(what + ": registry '" + registry + "', bundle '" + bundle + "'");
        }
    }
}
