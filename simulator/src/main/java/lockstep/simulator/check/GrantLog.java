package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.replay.ReplayState.Grant;
import lockstep.simulator.trace.Event;

/**
 * Who was granted the lock, in what order, and whether the order was fair, as the replay tells it: one walk through
 * the trace's states ({@link LiveReplay}), reading each grant the replay records ({@link Grant}) where it happens.
 *
 * <p>A client's request starts when it starts asking (REQUESTING or WAITING) and lasts until it holds the lock or
 * leaves; the replay keeps that queue. A grant is a FIFO violation when some other request, still open at that
 * moment, started earlier ({@link Grant#jumpedAhead()}; every open one, for a holder that holds on without asking),
 * unless both are reads. Its wait is the replay's {@link Grant#waitedSteps()}.
 */
final class GrantLog {

    private final List<String> grantOrder = new ArrayList<>();
    private int fifoViolations;
    private int longestWaitSteps;
    private Fairness.Overtaking firstOvertaking;

    private GrantLog() {
    }

    static GrantLog of(List<Event> events) {
        GrantLog log = new GrantLog();
        if (events.isEmpty()) {
            return log;
        }
        LiveReplay live = LiveReplay.startingWith(events.get(0));
        for (Event event : events.subList(1, events.size())) {
            live.apply(event);
            List<Grant> grants = live.grantsThisLine();
            Grant last = grants.isEmpty() ? null : grants.get(grants.size() - 1);
            if (last != null && last.index() == event.index()) {
                log.grant(last, live);
            }
        }
        return log;
    }

    private void grant(Grant grant, LiveReplay live) {
        grantOrder.add(grant.client());
        longestWaitSteps = Math.max(longestWaitSteps, grant.waitedSteps());
        // A holder that holds on without asking asks and is granted at the same moment: every open request is earlier.
        List<String> earlier = grant.asked() ? grant.jumpedAhead()
                : live.asking().stream().filter(c -> !c.equals(grant.client())).toList();
        boolean read = "read".equals(live.client(grant.client()).mode());
        for (String other : earlier) {
            if (!(read && "read".equals(live.client(other).mode()))) {
                fifoViolations++;
                if (firstOvertaking == null) {
                    firstOvertaking = new Fairness.Overtaking(grant.index(), grant.client(), other);
                }
                // One violation per grant, however many requests it overtook.
                return;
            }
        }
    }

    List<String> grantOrder() {
        return List.copyOf(grantOrder);
    }

    int fifoViolations() {
        return fifoViolations;
    }

    int longestWaitSteps() {
        return longestWaitSteps;
    }

    /** The first grant that was a FIFO violation, with one request it overtook; null when there was none. */
    Fairness.Overtaking firstOvertaking() {
        return firstOvertaking;
    }
}
