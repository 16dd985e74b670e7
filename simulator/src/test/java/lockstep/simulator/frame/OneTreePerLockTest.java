package lockstep.simulator.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.scenario.GalleryRuns;

/**
 * A lane of several locks draws one tree per lock: each directory under the lock path heads its own nodes, and the
 * lane has a row for every card, so none falls below the picture (scenario 29 with the multi-lock, scenario 27 with
 * Curator's semaphore: its leases and its inner lock).
 */
class OneTreePerLockTest {

    @Test
    void theMultiLocksNodesHangUnderTheirLock() throws Exception {
        Frames frames = Frames.ofTraces(List.of(GalleryRuns.trace("29-bug-unordered-multilock", "multilock")));
        boolean sawBoth = false;
        for (int beat = 0; beat < frames.size(); beat++) {
            LaneFrame f = frames.at(beat, 0);
            assertGroupsRead(f);
            sawBoth |= f.cards().stream().anyMatch(c -> c.header() && c.group().equals("A"))
                    && f.cards().stream().anyMatch(c -> c.inAGroup() && c.group().equals("B"));
        }
        assertTrue(sawBoth, "A and B each drawn as a tree");
    }

    @Test
    void curatorsSemaphoreShowsItsLeasesAndItsInnerLockApart() throws Exception {
        Frames frames = Frames.ofTraces(List.of(GalleryRuns.trace("27-semaphore", "curator-semaphore")));
        for (int beat = 0; beat < frames.size(); beat++) {
            assertGroupsRead(frames.at(beat, 0));
        }
    }

    @Test
    void theDeadlockIsDrawnAsTheCycleOfWhoWaitsForWhom() throws Exception {
        Frames frames = Frames.ofTraces(List.of(GalleryRuns.trace("29-bug-unordered-multilock",
                "bug-unordered-multilock")));
        LaneFrame last = frames.at(frames.size() - 1, 0);
        assertEquals(List.of(new WaitArrow("c1", "B", "c2"), new WaitArrow("c2", "A", "c1")), last.deadlock());
        assertEquals(List.of(), frames.at(0, 0).deadlock());
        // each row says which lock it holds and which it waits for (the node labels alone repeat in both trees)
        assertTrue(last.row("c1").node().startsWith("A #0"), last.row("c1").node());
        assertTrue(last.row("c1").watchingLabel().startsWith("B #"), last.row("c1").watchingLabel());
        assertTrue(last.row("c2").node().contains("B #0"), last.row("c2").node());
        assertTrue(last.row("c2").watchingLabel().startsWith("A #"), last.row("c2").watchingLabel());
    }

    /** Each group's directory comes first, its nodes after it; no card's row is beyond the lane's rows. */
    private static void assertGroupsRead(LaneFrame f) {
        List<String> seen = new ArrayList<>();
        String current = null;
        for (Card c : f.cards()) {
            if (!c.group().equals(current)) {
                assertTrue(!seen.contains(c.group()), "one run of cards per group: " + f.cards());
                seen.add(c.group());
                current = c.group();
            }
            assertTrue(c.slot() < f.slots(), c + " beyond " + f.slots() + " rows");
        }
        for (Card c : f.cards()) {
            if (c.inAGroup()) {
                // the directory is drawn before its nodes, when it is there at all
                int head = f.cards().stream().filter(h -> h.header() && h.group().equals(c.group()))
                        .map(f.cards()::indexOf).findFirst().orElse(-1);
                assertTrue(head < f.cards().indexOf(c), c.path());
            }
        }
        assertEquals(f.cards().size(), f.cards().stream().map(Card::path).distinct().count());
    }
}
