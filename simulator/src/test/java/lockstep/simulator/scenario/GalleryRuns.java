package lockstep.simulator.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import lockstep.algorithms.Algorithms;

/**
 * Which algorithm runs which built-in scenario in the tests that go over them all. A correct algorithm runs every
 * built-in, the gallery's included, and must stay clean (but for what a scenario is written to show). A bug of the
 * gallery runs its own scenario, {@code NN-<its name>.yaml}: the other scripts are written for a lock that works, and on
 * a broken one a line such as {@code holder release} meets nobody holding and the run is refused at that line.
 */
public final class GalleryRuns {

    private GalleryRuns() {
    }

    /** The built-in scenario that shows {@code algorithm}'s bug, if it is one of the gallery's. */
    public static Optional<BuiltInScenarios.BuiltIn> scenarioOf(Algorithms.Info algorithm) {
        if (!algorithm.isBug()) {
            return Optional.empty();
        }
        return BuiltInScenarios.list().stream().filter(b -> b.name().endsWith("-" + algorithm.name() + ".yaml")
                || b.name().endsWith("-" + algorithm.name())).findFirst();
    }

    /** Every (scenario name, algorithm name) the tests run: see the class comment. */
    public static List<String[]> pairs() {
        List<String[]> out = new ArrayList<>();
        for (BuiltInScenarios.BuiltIn builtIn : BuiltInScenarios.list()) {
            for (Algorithms.Info algorithm : Algorithms.all()) {
                boolean own = scenarioOf(algorithm).map(b -> b.name().equals(builtIn.name())).orElse(false);
                if (!algorithm.isBug() || own) {
                    out.add(new String[] {builtIn.name(), algorithm.name()});
                }
            }
        }
        return out;
    }

    /** The failure kinds a run of {@code scenario} with {@code algorithm} is expected to show, in checker order. */
    public static List<String> expectedFailures(String scenario, Algorithms.Info algorithm) {
        List<String> kinds = new ArrayList<>();
        if (scenario.startsWith("10-")) {
            kinds.add("unfenced-write"); // the zombie without fencing writes unfenced
        }
        algorithm.expected().findingKind().ifPresent(kinds::add);
        return kinds;
    }
}
