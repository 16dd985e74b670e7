package lockstep.simulator.check;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * The numbers that compare algorithms, computed from a trace alone. The counters are those of the replayed end state
 * ({@link ReplayState.Counters}), so the window's counters and these metrics always agree.
 *
 * @param acquisitions      transitions into HOLDING
 * @param notifications     watch notifications delivered
 * @param futileWakeups     notifications to a waiting client that next waited again without holding the lock
 * @param ops               ZooKeeper calls by operation label, every operation present (zeros included), in
 *                          {@link Event.Op} order
 * @param opsPerAcquisition all calls divided by acquisitions; 0 when nothing was acquired
 * @param grantOrder        the clients in the order they were granted the lock, a client once per grant
 * @param fifoViolations    grants to a client while an earlier request (not both reads) was still open
 * @param longestWaitSteps  the most script steps any request took from REQUESTING to HOLDING
 * @param events            the trace's size
 */
public record Metrics(int acquisitions, int notifications, int futileWakeups, Map<String, Integer> ops,
                      double opsPerAcquisition, List<String> grantOrder, int fifoViolations, int longestWaitSteps,
                      int events) {

    public Metrics {
        ops = Collections.unmodifiableMap(new LinkedHashMap<>(ops));
        grantOrder = List.copyOf(grantOrder);
    }

    public static Metrics of(List<Event> events) {
        ReplayState.Counters counters = ReplayModel.endOf(events).counters();
        GrantLog grants = GrantLog.of(events);
        double perAcquisition = counters.acquisitions() == 0 ? 0.0
                : (double) counters.totalCalls() / counters.acquisitions();
        return new Metrics(counters.acquisitions(), counters.notifications(), counters.futileWakeups(),
                counters.calls(), perAcquisition, grants.grantOrder(), grants.fifoViolations(),
                grants.longestWaitSteps(), events.size());
    }
}
