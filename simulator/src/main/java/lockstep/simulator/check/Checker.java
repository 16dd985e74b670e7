package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.trace.Event;

/**
 * Checks a trace against the {@linkplain #invariants() invariants} and returns its findings as violation events.
 *
 * <p>Guarantees: the result lists the findings the trace already records (its own violation events, unchanged, in
 * trace order), then each new finding once, numbered from the trace's size on, ready to be appended. So checking a
 * trace with its findings appended returns the same list again: a saved trace checks exactly as its run did. Within
 * the new findings the order is the invariants' order, then each invariant's own.
 */
public final class Checker {

    private static final List<Invariant> INVARIANTS = List.of(new MutualExclusion(), new WaitersAreNotStuck(),
            new EphemeralNodesDieWithTheirOwners(), new WatchesDoNotOutliveWaiting());

    private Checker() {
    }

    /** Every invariant the checker knows, in the order it reports them. */
    public static List<Invariant> invariants() {
        return INVARIANTS;
    }

    /** The trace's findings: those it records, then new ones indexed {@code events.size()}, {@code +1}, ... */
    public static List<Event.Violation> check(List<Event> events) {
        List<Event.Violation> findings = new ArrayList<>();
        for (Event event : events) {
            if (event instanceof Event.Violation recorded) {
                findings.add(recorded);
            }
        }
        // Each recorded finding accounts for at most one new one, so two alike findings are not folded into one.
        List<Event.Violation> unmatched = new ArrayList<>(findings);
        CheckedRun run = CheckedRun.of(events);
        int next = events.size();
        for (Invariant invariant : INVARIANTS) {
            for (Invariant.Finding finding : invariant.findIn(run)) {
                Event.Violation recorded = recordedAs(invariant.kind(), finding, unmatched);
                if (recorded != null) {
                    unmatched.remove(recorded);
                } else {
                    findings.add(new Event.Violation(next++, finding.at(), invariant.kind(), finding.clients(),
                            finding.message()));
                }
            }
        }
        return List.copyOf(findings);
    }

    /**
     * The recorded violation that is this finding: same event, kind and clients, the same message if one has it
     * (a conductor may word a finding differently); null if none.
     */
    private static Event.Violation recordedAs(String kind, Invariant.Finding finding, List<Event.Violation> recorded) {
        Event.Violation alike = null;
        for (Event.Violation violation : recorded) {
            if (violation.at() == finding.at() && violation.kind().equals(kind)
                    && violation.clients().equals(finding.clients())) {
                if (violation.message().equals(finding.message())) {
                    return violation;
                }
                if (alike == null) {
                    alike = violation;
                }
            }
        }
        return alike;
    }
}
