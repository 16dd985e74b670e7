package lockstep.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.registry.Algorithms;

/** The pure decisions: sorted children and our node in, "I hold it" or "watch X" out. No server. */
class DecisionsTest {

    private static List<NodeName> children(String... names) {
        return Arrays.stream(names).map(NodeName::parse).sorted().toList();
    }

    private static NodeName node(String name) {
        return NodeName.parse(name);
    }

    @Test
    void sequentialLowestHoldsOthersWatchTheirPredecessor() {
        Sequential sequential = new Sequential();
        List<NodeName> queue = children("lock-0000000003", "lock-0000000001", "lock-0000000007");
        assertEquals(Decision.holds(), sequential.decide(queue, node("lock-0000000001")));
        assertEquals(new Decision.WatchNode("lock-0000000001"), sequential.decide(queue, node("lock-0000000003")));
        assertEquals(new Decision.WatchNode("lock-0000000003"), sequential.decide(queue, node("lock-0000000007")));
    }

    @Test
    void childrenWatchLowestHoldsOthersWatchTheWholeList() {
        ChildrenWatch herd = new ChildrenWatch();
        List<NodeName> queue = children("lock-0000000001", "lock-0000000002");
        assertEquals(Decision.holds(), herd.decide(queue, node("lock-0000000001")));
        assertEquals(Decision.watchChildren(), herd.decide(queue, node("lock-0000000002")));
        assertTrue(herd.watchesChildren());
    }

    @Test
    void aSemaphoreOfThreeGrantsTheFirstThreeAndTheOthersWatchTheChildren() {
        LockAlgorithm three = new Semaphore(1).forPermits(3);
        List<NodeName> queue = children("lock-0000000001", "lock-0000000002", "lock-0000000003", "lock-0000000004");
        for (int i = 0; i < 3; i++) {
            assertEquals(Decision.holds(), three.decide(queue, queue.get(i)));
        }
        assertEquals(Decision.watchChildren(), three.decide(queue, queue.get(3)));
        assertTrue(three.watchesChildren());
        assertEquals(new ChildrenWatch().decide(queue, queue.get(1)), new Semaphore(1).decide(queue, queue.get(1)),
                "with one permit it is the children-watch lock");
    }

    @Test
    void aLockOfOneHolderRefusesMorePermits() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new Sequential().forPermits(2));
        assertTrue(refused.getMessage().contains("one client at a time"), refused.getMessage());
    }

    @Test
    void readerWaitsOnlyForTheNearestLowerWriter() {
        ReadWrite rw = new ReadWrite();
        List<NodeName> queue = children("write-0000000001", "read-0000000002", "write-0000000003",
                "read-0000000004", "read-0000000005");
        assertEquals(Decision.holds(), rw.decide(queue, node("write-0000000001")));
        assertEquals(new Decision.WatchNode("write-0000000001"), rw.decide(queue, node("read-0000000002")));
        assertEquals(new Decision.WatchNode("read-0000000002"), rw.decide(queue, node("write-0000000003")));
        // The nearest lower writer, not the first: Curator would watch write-0000000001 here.
        assertEquals(new Decision.WatchNode("write-0000000003"), rw.decide(queue, node("read-0000000004")));
        assertEquals(new Decision.WatchNode("write-0000000003"), rw.decide(queue, node("read-0000000005")));
    }

    @Test
    void readersShareWhenNoWriterIsAhead() {
        ReadWrite rw = new ReadWrite();
        List<NodeName> queue = children("read-0000000001", "read-0000000002", "write-0000000003");
        assertEquals(Decision.holds(), rw.decide(queue, node("read-0000000001")));
        assertEquals(Decision.holds(), rw.decide(queue, node("read-0000000002")));
        assertEquals(new Decision.WatchNode("read-0000000002"), rw.decide(queue, node("write-0000000003")));
    }

    @Test
    void readWriteOrdersByTheSequenceNotByTheProtectionPrefix() {
        ReadWrite rw = new ReadWrite();
        List<NodeName> queue = children("_c_ffff-write-0000000001", "_c_0000-read-0000000002");
        assertEquals(new Decision.WatchNode("_c_ffff-write-0000000001"),
                rw.decide(queue, node("_c_0000-read-0000000002")));
    }

    @Test
    void naiveHoldsOnlyWhenTheExistingNodeIsOurs() {
        Naive naive = new Naive();
        NodeName lock = NodeName.fixed(Naive.NODE);
        assertEquals(Decision.holds(), naive.decide(List.of(lock), lock));
        assertEquals(new Decision.WatchNode(Naive.NODE), naive.decide(List.of(lock), null));
        assertEquals(Decision.requestAgain(), naive.decide(List.of(), null));
    }

    @Test
    void aNodeMissingFromTheChildrenIsAnError() {
        List<NodeName> queue = children("lock-0000000001");
        assertThrows(IllegalStateException.class, () -> new Sequential().decide(queue, node("lock-0000000002")));
    }

    @Test
    void everyRegisteredAlgorithmHasADescriptionAndTheMutexesAreFairOrSayWhy() {
        assertEquals(List.of("naive", "children-watch", "sequential", "rwlock", "curator-mutex", "curator-rwlock"),
                Algorithms.names().subList(0, 6));
        for (Algorithms.Info info : Algorithms.all()) {
            assertTrue(!info.description().isBlank(), info.name());
            assertTrue(!info.subtitle().isBlank(), info.name());
            assertEquals(info.isBug(), info.name().startsWith("bug-"), info.name());
            assertEquals(info.isBug(), !info.expected().isCorrect(), info.name());
        }
        assertTrue(Algorithms.get("naive").has(Flag.HERD));
        assertTrue(Algorithms.get("sequential").has(Flag.FAIR));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Algorithms.get("ticket"));
        assertTrue(unknown.getMessage().contains("expected one of naive"));
    }
}
