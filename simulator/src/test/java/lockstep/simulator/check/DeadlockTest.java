package lockstep.simulator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceBuilder;

/**
 * The waits-for graph of named locks, as the replay reads it, and the checker's {@code deadlock}: a pure test on
 * traces written by hand (no server).
 */
class DeadlockTest {

    private static final String A = "/lockstep/multi/A";
    private static final String B = "/lockstep/multi/B";

    /** c1 holds A and waits for B; c2 holds B and waits for A. */
    private static TraceBuilder crossed(String... more) {
        List<String> clients = new java.util.ArrayList<>(List.of("c1", "c2"));
        clients.addAll(List.of(more));
        return TraceBuilder.multi(List.of("A", "B"), clients.toArray(String[]::new))
                .line("together: [\"c1 acquire A,B\", \"c2 acquire B,A\"]").requesting("c1").requesting("c2")
                .created(A + "/lock-0000000000", 0, "c1").created(B + "/lock-0000000000", 0, "c2")
                .created(A + "/lock-0000000001", 1, "c2").created(B + "/lock-0000000001", 1, "c1")
                .waiting("c1", B + "/lock-0000000000").waiting("c2", A + "/lock-0000000000");
    }

    @Test
    void theReplayKnowsWhoHoldsAndWaitsForWhichLock() {
        ReplayState end = ReplayModel.endOf(crossed().ended().build());
        assertEquals("c1", end.holderOf("A"));
        assertEquals("c2", end.holderOf("B"));
        assertEquals(List.of("A"), end.locksHeldBy("c1"));
        assertEquals(new ReplayState.WaitsFor("c1", "B", "c2"), end.waitsFor("c1").orElseThrow());
        assertEquals(List.of(new ReplayState.WaitsFor("c1", "B", "c2"), new ReplayState.WaitsFor("c2", "A", "c1")),
                end.deadlockCycle());
        assertTrue(end.isDeadlocked("c2"));
    }

    @Test
    void aCycleIsOneDeadlockFindingAndItsClientsAreNotStuckWaiters() {
        List<Event> trace = crossed().ended().build();
        List<Finding> found = Checker.failures(trace);
        assertEquals(List.of("deadlock"), found.stream().map(Finding::kind).toList());
        assertEquals("event " + (trace.size() - 1) + ": c1 and c2 wait for each other: c1 waits for B, held by c2 and"
                + " c2 waits for A, held by c1 (deadlock)", found.get(0).message());
        assertEquals(List.of("c1", "c2"), found.get(0).clients());
    }

    @Test
    void aWaiterBehindTheCycleWaitsForItsLockButIsNotInTheCycle() {
        List<Event> trace = crossed("c3").created(A + "/lock-0000000002", 2, "c3")
                .waiting("c3", A + "/lock-0000000001").ended().build();
        ReplayState end = ReplayModel.endOf(trace);
        assertEquals(new ReplayState.WaitsFor("c3", "A", "c1"), end.waitsFor("c3").orElseThrow());
        assertEquals(false, end.isDeadlocked("c3"));
        assertEquals(List.of("c1", "c2"), end.deadlockCycle().stream().map(ReplayState.WaitsFor::client).toList());
    }

    @Test
    void locksTakenInOneOrderMakeNoCycle() {
        List<Event> trace = TraceBuilder.multi(List.of("A", "B"), "c1", "c2").line("all acquire").requesting("c1")
                .created(A + "/lock-0000000000", 0, "c1").created(B + "/lock-0000000000", 0, "c1").holding("c1")
                .requesting("c2").created(A + "/lock-0000000001", 1, "c2").waiting("c2", A + "/lock-0000000000")
                .ended().build();
        ReplayState end = ReplayModel.endOf(trace);
        assertEquals(List.of(), end.deadlockCycle());
        assertEquals(List.of(), Checker.failures(trace));
    }

    @Test
    void aRunOfOneLockHasNoWaitsForGraph() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").line("all acquire").creates("c1", 0).holding("c1")
                .creates("c2", 1);
        ReplayState end = ReplayModel.endOf(t.waiting("c2", t.node(0)).ended().build());
        assertEquals(java.util.Optional.empty(), end.waitsFor("c2"));
    }
}
