package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.trace.Event;

/**
 * Checks a trace against the {@linkplain #invariants() invariants} and returns its findings.
 *
 * <p>Guarantees: the findings depend on the trace's events alone (a trace holds no findings of its own, so a trace
 * edited by hand is checked as it now reads); they come in the invariants' order, then each invariant's own.
 */
public final class Checker {

    private static final List<Invariant> INVARIANTS = List.of(new MutualExclusion(), new TooManyHolders(),
            new UnfencedWrites(),
            new WaitersAreNotStuck(), new NoDeadlock(), new WaitersDoNotWaitForThemselves(), new EphemeralNodesDieWithTheirOwners(), new WatchesDoNotOutliveWaiting(),
            new StaleHolders(), new IdlePermits());

    private Checker() {
    }

    /** Every invariant the checker knows, in the order it reports them. */
    public static List<Invariant> invariants() {
        return INVARIANTS;
    }

    /** The trace's findings, failures and notes, in the invariants' order. */
    public static List<Finding> check(List<Event> events) {
        List<Finding> findings = new ArrayList<>();
        CheckedRun run = CheckedRun.of(events);
        // A run Lockstep stalled ended where its runner gave up, not where the lock left its waiters: who still waits
        // then says nothing of the lock (the stall is reported as Lockstep's own failure instead).
        boolean stalled = events.get(events.size() - 1) instanceof Event.RunEnded ended && ended.stalled();
        for (Invariant invariant : INVARIANTS) {
            if (stalled && (invariant instanceof WaitersAreNotStuck || invariant instanceof NoDeadlock)) {
                continue;
            }
            for (Invariant.Breach breach : invariant.findIn(run)) {
                findings.add(new Finding(breach.at(), invariant.kind(), breach.clients(), breach.message(),
                        invariant.isNote(), breach.phrase()));
            }
        }
        return List.copyOf(findings);
    }

    /** Only the failures of {@link #check}. */
    public static List<Finding> failures(List<Event> events) {
        return check(events).stream().filter(Finding::isFailure).toList();
    }
}
