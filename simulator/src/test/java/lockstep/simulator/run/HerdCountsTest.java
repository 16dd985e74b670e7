package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.HerdCount;
import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.bench.Herd;

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

    /** The registry's herd count of every algorithm that states one, checked on a herd of 5 and one of 10. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("algorithmsWithAHerdCount")
    void theRegistrysHerdCountIsWhatARunDelivers(String algorithm) throws Exception {
        HerdCount herd = Algorithms.get(algorithm).herdCount().orElseThrow();
        for (int clients : new int[] {5, 10}) {
            Scenario scenario = Herd.scenario(clients);
            List<Event> trace = Simulations.run(scenario, algorithm, Simulations.seedFor(scenario, null));
            assertEquals(herd.forClients(clients), Metrics.of(trace).notifications(),
                    algorithm + " with " + clients + " clients: " + herd.formula());
        }
    }

    static Stream<String> algorithmsWithAHerdCount() {
        return Algorithms.all().stream().filter(info -> info.herdCount().isPresent()).map(Algorithms.Info::name);
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
