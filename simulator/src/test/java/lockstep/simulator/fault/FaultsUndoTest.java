package lockstep.simulator.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * Which fault puts back which, as the faults say it ({@link Fault#undoes}): the explorer ends its runs with these, so
 * each must name a fault of the registry done to the same target, and one that undoes nothing itself.
 */
class FaultsUndoTest {

    @Test
    void eachFaultThatPutsBackNamesTheFaultItUndoes() {
        Map<String, String> undoes = new TreeMap<>();
        for (Fault fault : Faults.all()) {
            fault.undoes().ifPresent(undone -> undoes.put(fault.name(), undone));
        }
        assertEquals(Map.of("reconnect", "disconnect", "resume", "pause", "server-start", "server-stop",
                "server-n-restart", "server-kill"), undoes);
        for (Fault fault : Faults.all()) {
            fault.undoes().ifPresent(undone -> {
                Fault taken = Faults.byName(undone).orElseThrow();
                assertEquals(fault.target(), taken.target(), fault.name() + " and " + undone);
                assertTrue(taken.undoes().isEmpty(), undone + " puts back nothing itself");
            });
        }
    }

    @Test
    void onlyAPauseStopsTheClientSoResumeGoesFirst() {
        assertEquals(java.util.List.of("pause"),
                Faults.all().stream().filter(Fault::stopsTheClient).map(Fault::name).toList());
    }
}
