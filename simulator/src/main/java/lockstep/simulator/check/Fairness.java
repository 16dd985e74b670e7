package lockstep.simulator.check;

import java.util.List;
import java.util.Optional;

import lockstep.simulator.trace.Event;

/**
 * Whether a run granted the lock in request order, as the replay tells it ({@link GrantLog}): the first grant that
 * overtook a request still open, if any. The count of such grants is {@link Metrics#fifoViolations()}.
 */
public final class Fairness {

    /**
     * A grant that overtook an earlier request.
     *
     * @param index     the event where the lock was granted
     * @param client    the client granted it
     * @param overtaken a client whose request started earlier and was still open (not both reads)
     */
    public record Overtaking(int index, String client, String overtaken) {
    }

    private Fairness() {
    }

    /** The run's first grant out of request order; empty when every grant kept it. */
    public static Optional<Overtaking> firstOvertaking(List<Event> events) {
        return Optional.ofNullable(GrantLog.of(events).firstOvertaking());
    }
}
