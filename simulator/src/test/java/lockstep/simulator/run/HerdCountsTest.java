package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.check.Metrics;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;

/** The headline numbers of scenario 02, through the whole simulator: 45 notifications against 9. */
class HerdCountsTest {

    @Test
    void naiveWakesEveryWaiterOnEveryRelease() throws Exception {
        Scenario herd = Simulations.load("02");
        List<Event> trace = Simulations.run(herd, "naive", Simulations.seedFor(herd, null));
        Metrics metrics = Metrics.of(trace);
        assertEquals(45, metrics.notifications(), () -> String.join("\n", trace.stream().map(Object::toString).toList()));
        assertEquals(10, metrics.acquisitions());
    }

    @Test
    void sequentialWakesOnlyTheNextInLine() throws Exception {
        Scenario herd = Simulations.load("02");
        List<Event> trace = Simulations.run(herd, "sequential", Simulations.seedFor(herd, null));
        Metrics metrics = Metrics.of(trace);
        assertEquals(9, metrics.notifications());
        assertEquals(0, metrics.futileWakeups());
        assertEquals(List.of("c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10"), metrics.grantOrder());
    }
}
