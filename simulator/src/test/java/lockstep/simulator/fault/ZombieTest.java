package lockstep.simulator.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.BuiltInScenarios;

/**
 * The paused holder whose session expires: without fencing its late write is accepted (one unfenced write) and with
 * fencing refused; either way it is one stale holder, a note. On every correct algorithm.
 */
class ZombieTest {

    static List<String> algorithms() {
        return Algorithms.correct().stream().map(Algorithms.Info::name).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("algorithms")
    void withoutFencingTheZombiesWriteIsAnUnfencedWrite(String algorithm) throws Exception {
        List<Finding> findings = Checker.check(Simulations.run(BuiltInScenarios.load("10"), algorithm, 10));
        assertEquals(List.of("unfenced-write:c1:failure", "stale-holder:c1:note"), describe(findings));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("algorithms")
    void withFencingTheZombieIsOnlyANote(String algorithm) throws Exception {
        List<Finding> findings = Checker.check(Simulations.run(BuiltInScenarios.load("11"), algorithm, 11));
        assertEquals(List.of("stale-holder:c1:note"), describe(findings));
    }

    private static List<String> describe(List<Finding> findings) {
        return findings.stream().map(f -> f.kind() + ":" + String.join(",", f.clients()) + ":"
                + (f.note() ? "note" : "failure")).toList();
    }
}
