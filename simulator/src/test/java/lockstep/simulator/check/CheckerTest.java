package lockstep.simulator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.State;
import lockstep.algorithms.session.WatchKind;
import lockstep.simulator.trace.TraceBuilder;

class CheckerTest {

    @Test
    void aCorrectRunHasNoFindings() {
        assertEquals(List.of(), Checker.check(Runs.cleanQueue().ended().build()));
    }

    @Test
    void twoExclusiveHoldersBreakMutualExclusion() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").holding("c1").holding("c2");
        int second = t.last();
        t.released("c1").released("c2").ended();
        assertEquals(List.of("event " + second + ": c1 and c2 hold the lock at the same time (mutual exclusion)"),
                messages(t.build(), "mutual-exclusion"));
    }

    @Test
    void aSemaphoreMayHaveAsManyHoldersAsPermits() {
        TraceBuilder t = TraceBuilder.semaphore(3, "c1", "c2", "c3", "c4").holding("c1").holding("c2")
                .holding("c3").released("c1").holding("c4").released("c2").released("c3").released("c4").ended();
        assertEquals(List.of(), Checker.check(t.build()));
        assertEquals(3, lockstep.simulator.replay.ReplayModel.of(t.build()).stateAt(5).permits());
    }

    @Test
    void oneHolderMoreThanPermitsIsTooManyHolders() {
        TraceBuilder t = TraceBuilder.semaphore(2, "c1", "c2", "c3").holding("c1").holding("c2").holding("c3");
        int third = t.last();
        t.released("c1").released("c2").released("c3").ended();
        assertEquals(List.of("event " + third + ": c1, c2 and c3 hold the semaphore at the same time: 3 holders for 2"
                + " permits (too many holders)"), messages(t.build(), "too-many-holders"));
        assertEquals(List.of(), messages(t.build(), "mutual-exclusion"), "a semaphore is not a mutex");
    }

    @Test
    void aWaiterBesideAFreePermitAtALinesEndIsAnIdlePermitNote() {
        TraceBuilder t = TraceBuilder.semaphore(2, "c1", "c2", "c3").line("all acquire").holding("c1")
                .holding("c2").waiting("c3", "/lockstep/sem/lock-0000000000").line("c2 release").released("c2");
        int next = t.last() + 1;
        t.line("c1 release").released("c1").holding("c3").released("c3").ended();
        assertEquals(List.of("event " + next + ": c3 waited through a whole step while 1 of the 2 permits was free"
                + " (idle permit)"), messages(t.build(), "idle-permit"));
        assertEquals(List.of(), Checker.failures(t.build()), "a note, not a failure");
    }

    @Test
    void readersMayShareTheLock() {
        TraceBuilder t = TraceBuilder.run("read-write", "/lockstep/rw", "r1", "r2").mode("read")
                .holding("r1").holding("r2").released("r1").released("r2").ended();
        assertEquals(List.of(), Checker.check(t.build()));
    }

    @Test
    void aWriterBesideReadersBreaksMutualExclusion() {
        TraceBuilder t = TraceBuilder.run("read-write", "/lockstep/rw", "r1", "r2", "w1").mode("read")
                .holding("r1").holding("r2").mode("write").holding("w1");
        int granted = t.last();
        t.released("w1").released("r1").released("r2").ended();
        assertEquals(List.of("event " + granted
                        + ": r1 (read), r2 (read) and w1 (write) hold the lock at the same time (mutual exclusion)"),
                messages(t.build(), "mutual-exclusion"));
    }

    @Test
    void aReaderBesideAWriterBreaksMutualExclusionToo() {
        TraceBuilder t = TraceBuilder.run("read-write", "/lockstep/rw", "r1", "w1").mode("write").holding("w1")
                .mode("read").holding("r1");
        Finding finding = Checker.check(t.build()).get(0);
        assertEquals(List.of("w1", "r1"), finding.clients());
        assertEquals(t.last(), finding.at());
    }

    @Test
    void aWaiterLeftByARunLockstepStalledIsNotTheLocksFinding() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").requesting("c1").creates("c1", 1).holding("c1")
                .requesting("c2").creates("c2", 2).waiting("c2", "/lockstep/herd/lock-0000000001")
                .deletes("c1", 1).released("c1").requesting("c1").creates("c1", 3).holding("c1");
        List<Event> stalled = new java.util.ArrayList<>(t.build());
        stalled.add(new Event.RunEnded(stalled.size(), Event.RunEnded.STALLED + "no stable point within 30 s"));
        assertEquals(List.of(), messages(stalled, "stuck-waiter"));
    }

    @Test
    void aWaiterWhoseNodeIsGoneWithNoWatchIsStuck() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").requesting("c1").creates("c1", 1).holding("c1")
                .requesting("c2").creates("c2", 2).waiting("c2", "/lockstep/herd/lock-0000000001")
                .deletes("c1", 1).released("c1").requesting("c1").creates("c1", 3).holding("c1").ended();
        assertEquals(List.of("event " + t.last() + ": c2 waits on /lockstep/herd/lock-0000000001, which no longer"
                + " exists, with no watch left to wake it (stuck waiter)"), messages(t.build(), "stuck-waiter"));
    }

    @Test
    void aWaiterWithAWatchThatCanStillFireIsNotStuck() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2");
        String gone = t.node(1);
        t.requesting("c1").creates("c1", 3).holding("c1").requesting("c2").creates("c2", 4)
                .watch("c2", gone, WatchKind.EXISTS).waiting("c2", gone).ended();
        assertEquals(List.of(), messages(t.build(), "stuck-waiter"));
    }

    @Test
    void aHolderWaitingBehindItsOwnNodeIsASelfDeadlockNotAStuckWaiter() {
        TraceBuilder t = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).holding("c1")
                .requesting("c1").creates("c1", 2).waiting("c1", "/lockstep/herd/lock-0000000001").ended();
        assertEquals(List.of("event " + t.last() + ": c1 waits, but the lock is held by its own node lock-0000000001:"
                + " it asked again while holding, and only its own release could let it in (self-deadlock)"),
                messages(t.build(), "self-deadlock"));
        assertEquals(List.of(), messages(t.build(), "stuck-waiter"));
    }

    @Test
    void aWaiterThatNeverHeldIsNoSelfDeadlock() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").requesting("c1").creates("c1", 1).holding("c1")
                .requesting("c2").creates("c2", 2).waiting("c2", "/lockstep/herd/lock-0000000001").ended();
        assertEquals(List.of(), messages(t.build(), "self-deadlock"));
    }

    @Test
    void aWaiterWhileNobodyHoldsTheLockIsStuck() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2");
        t.requesting("c1").creates("c1", 1).holding("c1").requesting("c2").creates("c2", 2)
                .watch("c2", t.node(1), WatchKind.EXISTS).waiting("c2", t.node(1))
                .fault("crash", "c1", "").state("c1", State.CRASHED, "", "").ended();
        assertEquals(List.of("event " + t.last() + ": c2 is still waiting but nobody holds the lock: it waits behind"
                        + " lock-0000000001, left by c1, which has crashed: nobody will delete it (stuck waiter)"),
                messages(t.build(), "stuck-waiter"));
    }

    @Test
    void aCrashedOwnersNodeThatStillExistsIsOrphaned() {
        TraceBuilder t = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).holding("c1")
                .fault("crash", "c1", "").state("c1", State.CRASHED, "", "").ended();
        assertEquals(List.of("event " + t.last() + ": /lockstep/herd/lock-0000000001 still exists though its owner c1"
                + " has crashed (orphaned node)"), messages(t.build(), "orphaned-node"));
    }

    @Test
    void anExpiredOwnersNodeThatWasDeletedIsNotOrphaned() {
        TraceBuilder t = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).holding("c1")
                .state("c1", State.CRASHED, "", "").state("c1", State.EXPIRED, "", "")
                .deleted("/lockstep/herd/lock-0000000001", "c1", Event.Deletion.SESSION_EXPIRED).ended();
        assertEquals(List.of(), Checker.check(t.build()));
    }

    @Test
    void aNodeLeftBehindOnReleaseIsOrphanedUnlessItsOwnerAsksAgain() {
        TraceBuilder released = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).holding("c1")
                .released("c1").ended();
        assertEquals(1, messages(released.build(), "orphaned-node").size());
        TraceBuilder again = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).holding("c1")
                .released("c1").requesting("c1").holding("c1").ended();
        assertEquals(List.of(), messages(again.build(), "orphaned-node"));
    }

    @Test
    void aPersistentNodeIsNotOrphaned() {
        TraceBuilder t = TraceBuilder.herd("c1");
        t.created("/lockstep/herd/guard", -1, "c1", "persistent").released("c1").ended();
        assertEquals(List.of(), Checker.check(t.build()));
    }

    @Test
    void aWatchOfAClientThatNoLongerWaitsIsLeftBehind() {
        TraceBuilder t = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1)
                .watch("c1", "/lockstep/herd", WatchKind.CHILDREN).watch("c1", "/lockstep/other", WatchKind.EXISTS)
                .holding("c1").deletes("c1", 1).released("c1").ended();
        assertEquals(List.of("event " + t.last() + ": c1 has released the lock but still has a children watch on"
                        + " /lockstep/herd and an exists watch on /lockstep/other (watch left behind)"),
                messages(t.build(), "watch-left-behind"));
    }

    @Test
    void aHoldersChildrenWatchOnTheLockIsNotLeftBehindItsReleaseFiresIt() {
        TraceBuilder t = TraceBuilder.herd("c1").requesting("c1").creates("c1", 1)
                .watch("c1", "/lockstep/herd", WatchKind.CHILDREN).holding("c1").ended();
        assertEquals(List.of(), messages(t.build(), "watch-left-behind"));
    }

    @Test
    void aWaitersWatchIsNotLeftBehind() {
        TraceBuilder t = Runs.cleanQueue();
        t.requesting("c1").creates("c1", 3).holding("c1").requesting("c2").creates("c2", 4)
                .watch("c2", t.node(3), WatchKind.EXISTS).waiting("c2", t.node(3)).ended();
        assertEquals(List.of(), Checker.check(t.build()));
    }

    @Test
    void findingsComeInTheInvariantsOrderAndPointAtTheirEvent() {
        List<Event> trace = TraceBuilder.herd("c1", "c2").holding("c1").watch("c1", "/lockstep/other", WatchKind.EXISTS)
                .holding("c2").ended().build();
        List<Finding> findings = Checker.check(trace);
        assertEquals(List.of("mutual-exclusion", "watch-left-behind"), findings.stream().map(Finding::kind).toList());
        assertEquals(List.of(3, 4), findings.stream().map(Finding::at).toList());
    }

    @Test
    void aZombieIsANoteAndItsAcceptedWriteAFailure() {
        TraceBuilder t = Runs.cleanQueue();
        t.line("c1 again").requesting("c1").creates("c1", 3).holding("c1").write("c1", 3, true)
                .fault("expire", "c1", "the server expired c1's session").deleted(t.node(3), "c1", Event.Deletion.SESSION_EXPIRED);
        int expiredAt = t.last() - 1;
        t.requesting("c2").creates("c2", 4).holding("c2").write("c2", 4, true).write("c1", 3, true);
        int zombieWrite = t.last();
        t.deletes("c2", 4).released("c2").ended();
        List<Finding> findings = Checker.check(t.build());
        assertEquals(List.of("unfenced-write", "stale-holder"), findings.stream().map(Finding::kind).toList(),
                findings.toString());
        assertEquals(zombieWrite, findings.get(0).at());
        assertTrue(findings.get(0).isFailure());
        assertEquals(expiredAt, findings.get(1).at());
        assertTrue(findings.get(1).note());
    }

    @Test
    void aRefusedStaleWriteIsNoFinding() {
        TraceBuilder t = Runs.cleanQueue();
        t.line("c1 again").requesting("c1").creates("c1", 3).holding("c1")
                .fault("expire", "c1", "expired").deleted(t.node(3), "c1", Event.Deletion.SESSION_EXPIRED)
                .requesting("c2").creates("c2", 4).holding("c2").write("c2", 4, true).write("c1", 3, false)
                .deletes("c2", 4).released("c2").ended();
        assertEquals(List.of("stale-holder"), Checker.check(t.build()).stream().map(Finding::kind).toList());
    }

    @Test
    void everyInvariantHasAKindAndASentence() {
        assertEquals(List.of("mutual-exclusion", "too-many-holders", "unfenced-write", "stuck-waiter", "deadlock", "self-deadlock", "orphaned-node",
                        "watch-left-behind", "stale-holder", "idle-permit"),
                Checker.invariants().stream().map(Invariant::kind).toList());
        Checker.invariants().forEach(i -> assertEquals('.', i.sentence().charAt(i.sentence().length() - 1)));
    }

    private static List<String> messages(List<Event> trace, String kind) {
        return Checker.check(trace).stream().filter(v -> v.kind().equals(kind)).map(Finding::message).toList();
    }
}
