package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.List;
import java.util.Optional;

import lockstep.algorithms.HerdCount;
import lockstep.simulator.check.Fairness;
import lockstep.simulator.check.Metrics;
import lockstep.simulator.trace.Event;

/**
 * What a graded lock claims ({@code grade --claims fair,one-wakeup}), checked exactly on the built-in scenarios the
 * card ran, from their traces alone:
 * <ul>
 *   <li>{@code fair}: every grant in request order ({@link Fairness}), in each scenario whose reference run kept that
 *       order too (a fault may make even a fair lock's order look different: a crashed client's request ends);</li>
 *   <li>{@code one-wakeup}: on the herd scenario, where N clients ask and then release one at a time, exactly N-1
 *       notifications ({@link HerdCount#oneWakeUpPerRelease()}, the count the registry states for the one-wake-up
 *       locks and {@code lockstep herd} measures).</li>
 * </ul>
 */
final class GradeClaims {

    static final String FAIR = "fair";
    static final String ONE_WAKEUP = "one-wakeup";
    static final List<String> ALL = List.of(FAIR, ONE_WAKEUP);

    /** A built-in scenario the card ran: its name, the lock's trace and the reference's (null when a run failed). */
    record Ran(String name, List<Event> theirs, List<Event> reference) {
    }

    /** What a failed claim shows: why, and the scenario whose commands replay it. */
    record Broken(String why, String scenario) {
    }

    private GradeClaims() {
    }

    /** The card's name for a claim's check. */
    static String checkName(String claim) {
        return text(claim.equals(FAIR) ? "grade.claim.fair" : "grade.claim.oneWakeup");
    }

    /** The first grant out of request order in a scenario whose reference run kept the order; empty when none. */
    static Optional<Broken> fair(List<Ran> runs) {
        for (Ran ran : runs) {
            if (ran.theirs() == null || ran.reference() == null
                    || Fairness.firstOvertaking(ran.reference()).isPresent()) {
                continue;
            }
            Optional<Fairness.Overtaking> overtaking = Fairness.firstOvertaking(ran.theirs());
            if (overtaking.isPresent()) {
                Fairness.Overtaking o = overtaking.get();
                return Optional.of(new Broken(text("grade.claim.fair.broken", ran.name(), o.index(), o.client(),
                        o.overtaken()), ran.name()));
            }
        }
        return Optional.empty();
    }

    /** The herd scenario's notifications against N-1 for its N clients; empty when they match. */
    static Optional<Broken> oneWakeUp(String herdName, List<Event> herd) {
        Event.RunStarted started = (Event.RunStarted) herd.get(0);
        int clients = started.clients().size();
        long expected = HerdCount.oneWakeUpPerRelease().forClients(clients);
        Metrics metrics = Metrics.of(herd);
        if (metrics.notifications() == expected) {
            return Optional.empty();
        }
        return Optional.of(new Broken(text("grade.claim.oneWakeup.broken", herdName, metrics.notifications(), clients,
                metrics.futileWakeups(), expected), herdName));
    }
}
