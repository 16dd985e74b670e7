package lockstep.simulator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.State;
import lockstep.simulator.trace.Event.WatchKind;
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
        Event.Violation finding = Checker.check(t.build()).get(0);
        assertEquals(List.of("w1", "r1"), finding.clients());
        assertEquals(t.last(), finding.at());
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
    void aWaiterWhileNobodyHoldsTheLockIsStuck() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2");
        t.requesting("c1").creates("c1", 1).holding("c1").requesting("c2").creates("c2", 2)
                .watch("c2", t.node(1), WatchKind.EXISTS).waiting("c2", t.node(1))
                .fault("crash", "c1", "").state("c1", State.CRASHED, "", "").ended();
        assertEquals(List.of("event " + t.last() + ": c2 is still waiting but nobody holds the lock (stuck waiter)"),
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
                .deleted("/lockstep/herd/lock-0000000001", "c1", "session expired").ended();
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
    void aWaitersWatchIsNotLeftBehind() {
        TraceBuilder t = Runs.cleanQueue();
        t.requesting("c1").creates("c1", 3).holding("c1").requesting("c2").creates("c2", 4)
                .watch("c2", t.node(3), WatchKind.EXISTS).waiting("c2", t.node(3)).ended();
        assertEquals(List.of(), Checker.check(t.build()));
    }

    @Test
    void newFindingsAreNumberedFromTheTraceSize() {
        List<Event> trace = TraceBuilder.herd("c1", "c2").holding("c1").watch("c1", "/lockstep/herd", WatchKind.CHILDREN)
                .holding("c2").ended().build();
        List<Event.Violation> findings = Checker.check(trace);
        assertEquals(List.of("mutual-exclusion", "watch-left-behind"),
                findings.stream().map(Event.Violation::kind).toList());
        assertEquals(List.of(trace.size(), trace.size() + 1), findings.stream().map(Event.Violation::index).toList());
        assertEquals(List.of(3, 4), findings.stream().map(Event.Violation::at).toList());
    }

    @Test
    void checkingATraceWithItsFindingsAppendedGivesTheSameFindings() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").requesting("c1").creates("c1", 1).holding("c1").holding("c2")
                .watch("c1", "/lockstep/herd", WatchKind.CHILDREN).state("c1", State.CRASHED, "", "")
                .released("c2").ended();
        List<Event> trace = new ArrayList<>(t.build());
        List<Event.Violation> findings = Checker.check(trace);
        assertEquals(2, findings.size());
        trace.addAll(findings);
        assertEquals(findings, Checker.check(trace));
        assertEquals(findings, Checker.check(trace));
    }

    @Test
    void recordedFindingsAreKeptAndNotRepeatedEvenIfWordedDifferently() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").holding("c1").holding("c2");
        int at = t.last();
        t.released("c1").released("c2").ended();
        t.violation(at, "mutual-exclusion", List.of("c1", "c2"), "event " + at + ": two holders");
        t.violation(2, "deadlock", List.of("c1"), "event 2: the conductor's own finding");
        List<Event> trace = t.build();
        assertEquals(List.of(trace.get(trace.size() - 2), trace.get(trace.size() - 1)), Checker.check(trace));
    }

    @Test
    void everyInvariantHasAKindAndASentence() {
        assertEquals(List.of("mutual-exclusion", "stuck-waiter", "orphaned-node", "watch-left-behind"),
                Checker.invariants().stream().map(Invariant::kind).toList());
        Checker.invariants().forEach(i -> assertEquals('.', i.sentence().charAt(i.sentence().length() - 1)));
    }

    private static List<String> messages(List<Event> trace, String kind) {
        return Checker.check(trace).stream().filter(v -> v.kind().equals(kind)).map(Event.Violation::message).toList();
    }
}
