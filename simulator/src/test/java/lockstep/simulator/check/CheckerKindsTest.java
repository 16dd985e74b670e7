package lockstep.simulator.check;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.registry.Algorithms;

/** The registry names the kind of failure each bug of the gallery shows; each must be a kind the checker reports. */
class CheckerKindsTest {

    @Test
    void everyExpectedKindInTheRegistryIsAFailureKindOfTheChecker() {
        List<String> failureKinds = Checker.invariants().stream().filter(invariant -> !invariant.isNote())
                .map(Invariant::kind).toList();
        for (Algorithms.Info info : Algorithms.all()) {
            info.expected().findingKind().ifPresent(kind -> assertTrue(failureKinds.contains(kind),
                    info.name() + " expects '" + kind + "', not a failure kind of the checker " + failureKinds));
        }
    }
}
