package lockstep.algorithms.gallery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.Decision;
import lockstep.algorithms.NameTag;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.NodeWatch;
import lockstep.algorithms.Sequential;

/** Each bug of the gallery, as a pure decision or as its answers to the engine's questions. No server. */
class GalleryDecisionsTest {

    private static List<NodeName> bySequence(String... names) {
        return Arrays.stream(names).map(NodeName::parse).sorted().toList();
    }

    @Test
    void assumeOnWakeHoldsWhenItsWatchFiresWithoutLookingAgain() {
        List<NodeName> queue = bySequence("lock-0000000001", "lock-0000000002");
        assertEquals(new Decision.WatchNodeThenHold("lock-0000000001"),
                new AssumeOnWake().decide(queue, NodeName.parse("lock-0000000002")));
        assertEquals(new Decision.Holds(), new AssumeOnWake().decide(queue, NodeName.parse("lock-0000000001")));
    }

    @Test
    void watchAheadHoldsAmongTheFirstNAndWatchesTheNodeNPlacesAhead() {
        List<NodeName> queue = bySequence("lock-0000000001", "lock-0000000002", "lock-0000000003", "lock-0000000004");
        WatchAhead three = new WatchAhead(3);
        assertEquals(new Decision.Holds(), three.decide(queue, queue.get(2)));
        assertEquals(new Decision.WatchNode("lock-0000000001"), three.decide(queue, queue.get(3)),
                "not the children: so a release by lock-0000000002 tells it nothing");
        assertEquals(new Decision.WatchNode("lock-0000000003"), new WatchAhead(1).decide(queue, queue.get(3)));
    }

    @Test
    void existsStallWatchesWithExistsAndDecidesAsTheRecipe() {
        List<NodeName> queue = bySequence("lock-0000000001", "lock-0000000002");
        assertEquals(NodeWatch.EXISTS_THEN_WAIT, new ExistsStall().nodeWatch());
        assertEquals(new Sequential().decide(queue, queue.get(1)), new ExistsStall().decide(queue, queue.get(1)));
    }

    @Test
    void nameSortLetsTheClientsNameDecideTheOrder() {
        NameSort nameSort = new NameSort();
        List<NodeName> children = nameSort.order(bySequence("_c_c2-lock-0000000000", "_c_c1-lock-0000000001"));
        assertEquals(List.of("_c_c1-lock-0000000001", "_c_c2-lock-0000000000"),
                children.stream().map(NodeName::name).toList());
        assertEquals(new Decision.Holds(), nameSort.decide(children, NodeName.parse("_c_c1-lock-0000000001")));
        assertEquals(NameTag.CLIENT, nameSort.requestNode().tag());
    }

    @Test
    void aReaderWithNoWriterBelowWaitsForTheFirstWriterAbove() {
        List<NodeName> queue = bySequence("read-0000000001", "write-0000000002", "read-0000000003");
        ReaderCountsHigherWriters bug = new ReaderCountsHigherWriters();
        assertEquals(new Decision.WatchNode("write-0000000002"), bug.decide(queue, NodeName.parse("read-0000000001")));
        assertEquals(new Decision.WatchNode("read-0000000001"), bug.decide(queue, NodeName.parse("write-0000000002")));
        assertEquals(new Decision.WatchNode("write-0000000002"), bug.decide(queue, NodeName.parse("read-0000000003")));
        assertEquals(new Decision.Holds(), bug.decide(bySequence("read-0000000004"), NodeName.parse("read-0000000004")));
    }

    @Test
    void persistentNodeAndNoProtectionChangeOnlyHowTheNodeIsMade() {
        assertFalse(new PersistentNode().requestNode().ephemeral());
        assertEquals(NameTag.UNIQUE, new PersistentNode().requestNode().tag());
        assertFalse(new NoProtection().requestNode().isProtected());
        assertEquals(true, new NoProtection().requestNode().ephemeral());
    }
}
