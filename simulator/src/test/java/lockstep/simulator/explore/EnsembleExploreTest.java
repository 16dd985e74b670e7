package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.fault.Faults;

/** A search on one embedded ensemble of three servers, shared by its runs, with every fault the scripts may draw. */
class EnsembleExploreTest {

    @Test
    void aCorrectLockGivesNoFindingOnThreeServers(@TempDir Path out) throws Exception {
        Explorer.Summary summary = Explorer.explore(new Explorer.Settings(Algorithms.get("sequential"), 3,
                Faults.all(), 1, 4, false, 6, out, 3), Explorer.Progress.NONE);
        assertFalse(summary.found(), () -> summary.findings().toString());
        assertEquals(4, summary.runs());
        assertEquals(java.util.List.of(), summary.unconfirmed());
    }
}
