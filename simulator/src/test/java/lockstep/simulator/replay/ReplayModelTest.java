package lockstep.simulator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.apache.zookeeper.CreateMode;
import java.util.Map;

import org.junit.jupiter.api.Test;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Watch;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.Op;
import lockstep.simulator.trace.Event.State;
import lockstep.algorithms.session.WatchKind;
import lockstep.simulator.trace.TraceBuilder;

class ReplayModelTest {

    private static final String LOCK = "/lockstep/herd";

    /** c1 takes the lock, c2 queues behind it as a herd waiter, c1 lets go, c2 takes it. */
    private static TraceBuilder handOver() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2");
        t.line("c1 acquires").requesting("c1").creates("c1", 1)                                   // 1..4
                .call("c1", Op.GET_CHILDREN, LOCK, true, "ok", "[lock-0000000001]")                // 5
                .watch("c1", LOCK, WatchKind.CHILDREN).holding("c1");                              // 6, 7
        t.line("c2 acquires").requesting("c2").creates("c2", 2)                                   // 8..11
                .fire("c1", LOCK, "NodeChildrenChanged")                                           // 12
                .call("c2", Op.GET_CHILDREN, LOCK, true, "ok", "[lock-0000000001, lock-0000000002]") // 13
                .watch("c2", LOCK, WatchKind.CHILDREN).waiting("c2", LOCK);                        // 14, 15
        t.say("c1 lets go").line("c1 releases").deletes("c1", 1).released("c1")                   // 16..20
                .fire("c2", LOCK, "NodeChildrenChanged")                                           // 21
                .call("c2", Op.GET_CHILDREN, LOCK, true, "ok", "[lock-0000000002]")                // 22
                .watch("c2", LOCK, WatchKind.CHILDREN).holding("c2").ended();                      // 23..25
        return t;
    }

    @Test
    void theFirstStateIsEveryClientIdleAndNothingElse() {
        ReplayState start = ReplayModel.of(handOver().build()).stateAt(0);
        assertEquals(Map.of("c1", ClientView.initial("c1"), "c2", ClientView.initial("c2")),
                start.clients());
        assertEquals(List.of("c1", "c2"), List.copyOf(start.clients().keySet()));
        assertEquals(0, start.step());
        assertEquals("", start.scriptText());
        assertEquals("", start.narration());
        assertEquals(LOCK, start.lockPath());
        assertEquals(Map.of(), start.znodes());
        assertEquals(0, start.counters().totalCalls());
    }

    @Test
    void aGrantShowsTheHolderItsNodeAndItsWatch() {
        TraceBuilder t = handOver();
        ReplayState s = ReplayModel.of(t.build()).stateAt(7);
        assertEquals(List.of("c1"), s.holders());
        assertEquals(List.of(t.node(1)), List.copyOf(s.znodes().keySet()));
        assertEquals(new ReplayState.Znode(t.node(1), "lock-0000000001", 1, "c1", CreateMode.EPHEMERAL_SEQUENTIAL,
                        lockstep.algorithms.LockMode.EXCLUSIVE, ""), s.znodes().get(t.node(1)));
        assertEquals(List.of(new Watch("c1", LOCK, WatchKind.CHILDREN)), s.watches());
        assertEquals(1, s.counters().acquisitions());
        assertEquals(1, s.counters().calls().get("create"));
        assertEquals(1, s.counters().calls().get("getChildren"));
        assertEquals(0, s.counters().calls().get("delete"));
        assertEquals(1, s.step());
        assertEquals(5, s.line());
        assertEquals("c1 acquires", s.scriptText());
    }

    @Test
    void aFiredWatchIsGoneAndCounted() {
        ReplayState s = ReplayModel.of(handOver().build()).stateAt(12);
        assertEquals(List.of(), s.watches());
        assertEquals(1, s.counters().notifications());
        assertEquals(0, s.counters().futileWakeups());
    }

    @Test
    void aWaiterShowsWhatItWatches() {
        ReplayState s = ReplayModel.of(handOver().build()).stateAt(15);
        ClientView c2 = s.clients().get("c2");
        assertEquals(List.of(State.WAITING, "exclusive", LOCK), List.of(c2.state(), c2.mode(), c2.watching()));
        assertEquals(List.of("c1"), s.holders());
        assertEquals(2, s.znodes().size());
    }

    @Test
    void aSayLineStandsThroughEveryRepetitionOfTheLineItAnnouncesAndNoFurther() {
        TraceBuilder t = TraceBuilder.herd("c1");
        t.say("count the wake-ups").line("holder release");                // 0, 1
        t.again("holder release").again("holder release");                 // 2, 3 (repeat 3: one line of the file)
        t.line("c1 acquires");                                             // 4
        ReplayModel model = ReplayModel.of(t.build());
        assertEquals("count the wake-ups", model.stateAt(3).narration(), "the repeat is the line announced");
        assertTrue(model.stateAt(3).narrationBefore());
        assertEquals("", model.stateAt(4).narration(), "another line of the file ends it");
    }

    @Test
    void aReleaseEmptiesTheHoldersAndTheNextGrantFillsThem() {
        TraceBuilder t = handOver();
        ReplayModel model = ReplayModel.of(t.build());
        ReplayState released = model.stateAt(20);
        assertEquals(List.of(), released.holders());
        assertEquals(List.of(t.node(2)), List.copyOf(released.znodes().keySet()));
        assertEquals(State.RELEASED, released.clients().get("c1").state());
        assertEquals("c1 lets go", released.narration(), "a say line stands through the line it announces");
        assertTrue(released.narrationBefore(), "as said before that line: the line may change what it says");
        ReplayState end = model.stateAt(model.size() - 1);
        assertEquals(List.of("c2"), end.holders());
        assertEquals(2, end.counters().acquisitions());
        assertEquals(2, end.counters().notifications());
        assertEquals(0, end.counters().futileWakeups());
        assertEquals(3, end.step());
        assertEquals(6, end.counters().totalCalls());
    }

    @Test
    void aWakeUpThatEndsInWaitingAgainIsFutile() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2", "c3");
        t.requesting("c1").creates("c1", 1).holding("c1")
                .requesting("c2").creates("c2", 2).watch("c2", LOCK, WatchKind.CHILDREN).waiting("c2", LOCK)
                .requesting("c3").creates("c3", 3).watch("c3", LOCK, WatchKind.CHILDREN).waiting("c3", LOCK)
                .deletes("c1", 1).released("c1")
                .fire("c2", LOCK, "NodeChildrenChanged").fire("c3", LOCK, "NodeChildrenChanged")
                .holding("c2")
                .watch("c3", LOCK, WatchKind.CHILDREN).waiting("c3", LOCK);
        ReplayState end = ReplayModel.endOf(t.build());
        assertEquals(1, end.counters().futileWakeups());
        assertEquals(2, end.counters().notifications());
        assertEquals(2, end.counters().acquisitions());
    }

    @Test
    void aWakeUpOfAClientThatWasNotWaitingIsNotFutile() {
        TraceBuilder t = TraceBuilder.herd("c1");
        t.fire("c1", LOCK, "NodeChildrenChanged").requesting("c1").waiting("c1", LOCK);
        assertEquals(0, ReplayModel.endOf(t.build()).counters().futileWakeups());
    }

    @Test
    void dataEventsConsumeDataAndExistsWatchesButNotChildWatches() {
        TraceBuilder t = TraceBuilder.herd("c1");
        String node = t.node(1);
        t.watch("c1", node, WatchKind.EXISTS).watch("c1", node, WatchKind.DATA).watch("c1", node, WatchKind.CHILDREN)
                .fire("c1", node, "NodeDataChanged");
        assertEquals(List.of(new Watch("c1", node, WatchKind.CHILDREN)), ReplayModel.endOf(t.build()).watches());
    }

    @Test
    void aChildEventConsumesOnlyTheChildWatch() {
        TraceBuilder t = TraceBuilder.herd("c1");
        t.watch("c1", LOCK, WatchKind.CHILDREN).watch("c1", LOCK, WatchKind.EXISTS)
                .fire("c1", LOCK, "NodeChildrenChanged");
        assertEquals(List.of(new Watch("c1", LOCK, WatchKind.EXISTS)), ReplayModel.endOf(t.build()).watches());
    }

    @Test
    void aDeletionConsumesEveryWatchOfThatClientOnThatNodeOnly() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2");
        String node = t.node(1);
        t.watch("c1", node, WatchKind.EXISTS).watch("c1", node, WatchKind.CHILDREN).watch("c2", node, WatchKind.EXISTS)
                .watch("c1", LOCK, WatchKind.CHILDREN).fire("c1", node, "NodeDeleted");
        assertEquals(List.of(new Watch("c2", node, WatchKind.EXISTS), new Watch("c1", LOCK, WatchKind.CHILDREN)),
                ReplayModel.endOf(t.build()).watches());
    }

    @Test
    void aCrashedOrExpiredClientLosesAllItsWatches() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2");
        t.watch("c1", LOCK, WatchKind.CHILDREN).watch("c2", LOCK, WatchKind.CHILDREN).watch("c1", t.node(3),
                WatchKind.EXISTS).fault("crash", "c1", "").state("c1", State.CRASHED, "", "");
        assertEquals(List.of(new Watch("c2", LOCK, WatchKind.CHILDREN)), ReplayModel.endOf(t.build()).watches());
        t.state("c2", State.EXPIRED, "", "");
        assertEquals(List.of(), ReplayModel.endOf(t.build()).watches());
    }

    @Test
    void onlyNodesBelowTheLockPathAreShown() {
        TraceBuilder t = TraceBuilder.herd("c1");
        t.created(LOCK, -1, "c1").created("/lockstep/herdsman", -1, "c1").created("/elsewhere/lock-0000000001", 1, "c1")
                .created(LOCK + "/guard", -1, "c1");
        assertEquals(List.of(LOCK + "/guard"), List.copyOf(ReplayModel.endOf(t.build()).znodes().keySet()));
    }

    @Test
    void sequentialNodesAreListedInSequenceOrder() {
        TraceBuilder t = TraceBuilder.run("read-write", "/lockstep/rw", "r1", "w1", "r2");
        t.created("/lockstep/rw/read-0000000003", 3, "r2").created("/lockstep/rw/write-0000000002", 2, "w1")
                .created("/lockstep/rw/read-0000000001", 1, "r1").created("/lockstep/rw/aux", -1, "r1");
        assertEquals(List.of("/lockstep/rw/read-0000000001", "/lockstep/rw/write-0000000002",
                        "/lockstep/rw/read-0000000003", "/lockstep/rw/aux"),
                List.copyOf(ReplayModel.endOf(t.build()).znodes().keySet()));
    }

    @Test
    void holdersAreListedInGrantOrder() {
        TraceBuilder t = TraceBuilder.run("read-write", "/lockstep/rw", "r1", "r2", "r3").mode("read");
        t.holding("r3").holding("r1").holding("r2").released("r1");
        assertEquals(List.of("r3", "r2"), ReplayModel.endOf(t.build()).holders());
    }

    @Test
    void statesCannotBeChanged() {
        ReplayState s = ReplayModel.of(handOver().build()).stateAt(15);
        assertThrows(UnsupportedOperationException.class, () -> s.holders().add("c9"));
        assertThrows(UnsupportedOperationException.class, () -> s.znodes().clear());
        assertThrows(UnsupportedOperationException.class, () -> s.clients().remove("c1"));
        assertThrows(UnsupportedOperationException.class, () -> s.counters().calls().put("create", 9));
        assertThrows(UnsupportedOperationException.class, () -> s.watches().clear());
    }

    @Test
    void aTraceMustStartWithItsRunAndBeNumberedInOrder() {
        assertThrows(IllegalArgumentException.class, () -> ReplayModel.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> ReplayModel.of(List.of(new Event.Narration(0, "x"))));
        List<Event> misnumbered = List.of(handOver().build().get(0), new Event.Narration(2, "x"));
        assertThrows(IllegalArgumentException.class, () -> ReplayModel.of(misnumbered));
        ReplayModel model = ReplayModel.of(handOver().build());
        assertThrows(IndexOutOfBoundsException.class, () -> model.stateAt(model.size()));
        assertThrows(IndexOutOfBoundsException.class, () -> model.stateAt(-1));
    }

    @Test
    void holdsCountUpWithEachHoldingAndDownWithStillHolding() {
        TraceBuilder t = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).holding("c1").holding("c1");
        assertEquals(2, ReplayModel.endOf(t.ended().build()).client("c1").holds());
        TraceBuilder u = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).holding("c1").holding("c1")
                .state("c1", State.STILL_HOLDING, "exclusive", "");
        ReplayState once = ReplayModel.endOf(u.ended().build());
        assertEquals(State.HOLDING, once.client("c1").state());
        assertEquals(1, once.client("c1").holds());
        assertEquals(List.of("c1"), once.holders());
        assertEquals(1, once.counters().acquisitions());
        u = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).holding("c1").holding("c1")
                .state("c1", State.STILL_HOLDING, "exclusive", "").deletes("c1", 1).released("c1");
        assertEquals(0, ReplayModel.endOf(u.ended().build()).client("c1").holds());
    }
}
