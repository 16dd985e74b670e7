package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.fault.Faults;

/**
 * The registry searched at a small size: a correct algorithm gives no finding with every fault enabled; a
 * {@code bug-*} algorithm is caught within 200 seeds and shrunk to a counterexample that replays from its files.
 * The suite covers the bugs a search catches in seconds; {@code lockstep bench explore} covers every one of them
 * (and the full sizes), since the others take a minute each on a busy machine.
 */
class RegistryExploreTest {

    static boolean isBug(Algorithms.Info info) {
        return info.has(lockstep.algorithms.Flag.BUG);
    }

    /**
     * The correct algorithms a search must find clean. Not Curator's multi-lock: it takes its locks in the order asked,
     * so two clients asking in opposite orders deadlock by design (scenario 29 shows it, as bug-unordered-multilock).
     */
    static Stream<String> correct() {
        return Algorithms.all().stream().filter(a -> !isBug(a)).map(Algorithms.Info::name)
                .filter(name -> !name.equals("curator-multilock"));
    }

    /** The bugs the suite searches for (each caught within a few seeds); the benchmark searches for all. */
    static final java.util.Set<String> QUICK_BUGS = java.util.Set.of("bug-name-sort",
            "bug-reader-counts-higher-writers");

    static Stream<String> bugs() {
        return Algorithms.all().stream().filter(RegistryExploreTest::isBug).map(Algorithms.Info::name)
                .filter(QUICK_BUGS::contains);
    }

    @ParameterizedTest
    @MethodSource("correct")
    void aCorrectAlgorithmGivesNoFindingWithEveryFault(String name, @TempDir Path out) throws Exception {
        Explorer.Summary summary = Explorer.explore(new Explorer.Settings(Algorithms.get(name), 3, Faults.all(), 1, 4,
                false, 6, out), Explorer.Progress.NONE);
        assertFalse(summary.found(), () -> name + ": " + summary.findings());
    }

    @TestFactory
    Stream<DynamicTest> everyBugIsCaughtWithin200SeedsAndShrunk(@TempDir Path out) {
        return bugs().map(name -> DynamicTest.dynamicTest(name, () -> {
            Explorer.Summary summary = Explorer.explore(new Explorer.Settings(Algorithms.get(name), 4, Faults.all(), 1,
                    200, false, 6, out.resolve(name)), Explorer.Progress.NONE);
            assertTrue(summary.found(), name + " was not caught in 200 seeds");
            Counterexample found = summary.findings().get(0);
            assertTrue(found.clients() <= 4 && found.lines() <= 6, found.toString());
            assertTrue(found.reproduced() && found.replays(), found.toString());
        }));
    }
}
