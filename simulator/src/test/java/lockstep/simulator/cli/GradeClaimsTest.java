package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import lockstep.simulator.scenario.GalleryRuns;

/**
 * {@code grade --claims}: a lock's claims checked exactly on traces the gallery already ran (no run of its own): the
 * sequential recipe keeps both claims; the name-sorting bug grants out of request order in the herd; the naive lock
 * wakes the whole herd.
 */
class GradeClaimsTest {

    private static final String HERD = "02-herd-effect";
    private static final String NAME_SORT = "16-bug-name-sort";

    @Test
    void theSequentialRecipeIsFairAndWakesOneWaiterPerRelease() throws Exception {
        List<GradeClaims.Ran> ran = List.of(
                new GradeClaims.Ran(HERD, GalleryRuns.trace(HERD, "sequential"), GalleryRuns.trace(HERD, "sequential")),
                new GradeClaims.Ran(NAME_SORT, GalleryRuns.trace(NAME_SORT, "sequential"),
                        GalleryRuns.trace(NAME_SORT, "sequential")));
        assertEquals(Optional.empty(), GradeClaims.fair(ran));
        assertEquals(Optional.empty(), GradeClaims.oneWakeUp(HERD, GalleryRuns.trace(HERD, "sequential")));
    }

    @Test
    void aGrantOutOfRequestOrderBreaksTheFairnessClaimWithTheScenarioThatShowsIt() throws Exception {
        List<GradeClaims.Ran> ran = List.of(
                new GradeClaims.Ran(NAME_SORT, GalleryRuns.trace(NAME_SORT, "sequential"),
                        GalleryRuns.trace(NAME_SORT, "sequential")),
                new GradeClaims.Ran(HERD, GalleryRuns.trace(HERD, "bug-name-sort"), GalleryRuns.trace(HERD, "sequential")));
        GradeClaims.Broken broken = GradeClaims.fair(ran).orElseThrow();
        assertEquals(HERD, broken.scenario());
        assertTrue(broken.why().matches(HERD + ": event \\d+: c\\d+ was granted the lock while c\\d+, who asked"
                + " before it, still waited \\(not fair\\)"), broken.why());
    }

    @Test
    void theHerdBreaksTheOneWakeUpClaim() throws Exception {
        GradeClaims.Broken broken = GradeClaims.oneWakeUp(HERD, GalleryRuns.trace(HERD, "naive")).orElseThrow();
        assertEquals("02-herd-effect: 45 notifications, 36 of them futile, for 10 clients that ask and then release"
                + " one at a time (expected N-1 = 9: one wake-up per release)", broken.why());
    }

    @Test
    void anUnknownClaimIsOneLine() {
        Cli.Result result = Cli.run("grade", YourOwnLockTest.PREDECESSOR, "--claims", "fair,fast");
        assertEquals(2, result.exit(), result.toString());
        assertEquals("lockstep grade: --claims: 'fast' is not a claim grade checks (expected fair, one-wakeup)\n",
                result.err());
    }
}
