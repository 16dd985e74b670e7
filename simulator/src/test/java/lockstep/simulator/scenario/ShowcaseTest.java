package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The pair each built-in is shown with: two algorithms the tests run on it (so its player shows runs the contract and
 * the gallery hold to), and the pairs the README and the course run by hand.
 */
class ShowcaseTest {

    @Test
    void everyBuiltInIsShownWithTwoAlgorithmsTheTestsRunOnIt() throws Exception {
        List<String> wrong = new ArrayList<>();
        List<String> tested = GalleryRuns.pairs().stream().map(p -> p[0] + " " + p[1]).toList();
        for (BuiltInScenarios.BuiltIn b : BuiltInScenarios.list()) {
            List<String> pair = Showcase.pairOf(b.name(), BuiltInScenarios.load(b.name()));
            if (pair.size() != 2 || pair.get(0).equals(pair.get(1))) {
                wrong.add(b.name() + ": " + pair);
            }
            for (String algorithm : pair) {
                if (!tested.contains(b.name() + " " + algorithm)) {
                    wrong.add(b.name() + ": " + algorithm + " is not run on it by the tests");
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void thePairsTheReadmeRuns() throws Exception {
        assertEquals(List.of("naive", "sequential"), pair("02"));
        assertEquals(List.of("rwlock", "curator-rwlock"), pair("06"));
        assertEquals(List.of("sequential", "curator-mutex"), pair("10"));
        assertEquals(List.of("rwlock", "curator-rwlock"), pair("21"));
        assertEquals(List.of("sequential", "curator-mutex"), pair("23"));
        assertEquals(List.of("semaphore", "curator-semaphore"), pair("27"));
        assertEquals(List.of("bug-semaphore-watch-ahead", "semaphore"), pair("28"));
        assertEquals(List.of("bug-name-sort", "sequential"), pair("16"));
        assertEquals(List.of("bug-reader-counts-higher-writers", "rwlock"), pair("17"));
        assertEquals(List.of("bug-unordered-multilock", "multilock"), pair("29"));
        assertEquals(List.of("semaphore", "curator-semaphore"), pair("30")); // permits and a fault: the semaphores
    }

    /** What {@code lockstep run} takes for a scenario of several locks given no --algorithm (naive takes one lock). */
    @Test
    void aUsersScenarioOfSeveralLocksIsShownWithTheTwoMultiLocks() throws Exception {
        Scenario several = BuiltInScenarios.load("29-bug-unordered-multilock");
        assertEquals(List.of("multilock", "curator-multilock"), Showcase.pairOf("accounts.yaml", several));
    }

    private static List<String> pair(String id) throws Exception {
        BuiltInScenarios.BuiltIn b = BuiltInScenarios.list().stream().filter(x -> x.id().equals(id)).findFirst()
                .orElseThrow();
        return Showcase.pairOf(b.name(), BuiltInScenarios.load(b.name()));
    }
}
