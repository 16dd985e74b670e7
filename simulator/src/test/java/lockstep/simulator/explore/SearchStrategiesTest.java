package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.fault.Faults;

/**
 * PCT finds a bug of the gallery, and its counterexample shrinks and replays byte for byte as random's do; the
 * self-check passes on that bug and fails, exit code 1, once the bug's registration decides as the correct lock does.
 */
class SearchStrategiesTest {

    /** PCT's seed 9 (3 clients, 6 lines, every fault) leaves a crashed client's persistent node in the queue. */
    private static SelfCheck.Budget pctSeed9(Path out) {
        return new SelfCheck.Budget(3, Faults.all(), 9, 9, Strategy.PCT, 6, Explorer.Settings.DEFAULT_DEPTH, out, 1);
    }

    @Test
    void pctFindsTheBugAndTheSelfCheckFailsWhenTheBugIsGone(@TempDir Path out) throws Exception {
        Algorithms.Info bug = Algorithms.get("bug-persistent-node");
        List<SelfCheck.Result> found = SelfCheck.check(List.of(bug), pctSeed9(out), r -> { });
        assertEquals(0, SelfCheck.exitCode(found));
        Counterexample counterexample = found.get(0).summary().findings().get(0);
        assertEquals("stuck-waiter", counterexample.kind());
        assertTrue(counterexample.reproduced() && counterexample.replays(), "shrunk and replayed byte for byte");
        assertTrue(counterexample.lines() < counterexample.foundLines(), counterexample.toString());

        // The same registration, deciding as the correct lock does: the search finds nothing, the check fails.
        Algorithms.Info correct = Algorithms.get("sequential");
        Algorithms.Info swapped = new Algorithms.Info(bug.name(), bug.description(), bug.subtitle(), bug.flags(),
                bug.herdCount(), bug.expected(), correct::connect);
        List<SelfCheck.Result> missed = SelfCheck.check(List.of(swapped), pctSeed9(out.resolve("swapped")),
                r -> { });
        assertFalse(missed.get(0).found());
        assertEquals(1, SelfCheck.exitCode(missed));
    }

    /**
     * Seed 18 (3 clients, 6 lines, every fault): c1 and c2 hold the semaphore's two permits, c3 watches c1's node, c2
     * lets go. The closing lines do not release c1 (that would wake c3 in passing and hide the idle permit): the run
     * ends with c3 stuck beside the free permit. The same script with the correct semaphore's decision hands the
     * permit over at once, and the run ends clean.
     */
    @Test
    void aSemaphoreWaiterBesideAFreePermitIsLeftForTheCheckerToSee(@TempDir Path out) throws Exception {
        Algorithms.Info bug = Algorithms.get("bug-semaphore-watch-ahead");
        assertEquals("stuck-waiter", Explorer.firstFailure(seed18(bug, out), 1).orElseThrow().kind());
        Algorithms.Info correct = new Algorithms.Info(bug.name(), bug.description(), bug.subtitle(), bug.flags(),
                bug.herdCount(), bug.expected(), Algorithms.get("semaphore")::connect);
        assertEquals(java.util.Optional.empty(), Explorer.firstFailure(seed18(correct, out), 1));
    }

    private static Explorer.Settings seed18(Algorithms.Info algorithm, Path out) {
        return new Explorer.Settings(algorithm, 3, Faults.all(), 18, 18, Strategy.RANDOM, 6, out, 1,
                Explorer.Settings.DEFAULT_DEPTH);
    }

    @Test
    void theSelfCheckTakesTheGalleryFromTheRegistry() {
        assertEquals(Algorithms.all().stream().filter(Algorithms.Info::isBug).map(Algorithms.Info::name).toList(),
                SelfCheck.gallery().stream().map(Algorithms.Info::name).toList());
        assertFalse(SelfCheck.gallery().isEmpty());
    }
}
