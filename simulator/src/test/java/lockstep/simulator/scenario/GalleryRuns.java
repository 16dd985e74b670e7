package lockstep.simulator.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import lockstep.algorithms.registry.Algorithms;

/**
 * Which algorithm runs which built-in scenario in the tests that go over them all. A correct algorithm runs every
 * built-in, the gallery's included, and must stay clean (but for what a scenario is written to show). A bug of the
 * gallery runs its own scenario, {@code NN-<its name>.yaml}: the other scripts are written for a lock that works, and on
 * a broken one a line such as {@code holder release} meets nobody holding and the run is refused at that line.
 *
 * <p>A scenario on an ensemble (three servers in this JVM, an election after each kill) costs several times a run on
 * one server: it runs with {@link #ON_AN_ENSEMBLE}, one algorithm of Lockstep's own engine and one Curator reference,
 * which between them take every code path an ensemble adds (the faults, the moves, the catching up of the servers).
 */
public final class GalleryRuns {

    /**
     * The built-ins whose holder asks again (a reentrant acquire, a downgrade; or a second request without
     * reentrancy): written for a lock that counts a holder's requests. A lock without the {@code reentrant} flag (the
     * semaphores of Curator) waits for itself at once there, which the contract's {@code notReentrant} asserts.
     */
    public static final java.util.Set<String> HOLDER_ASKS_AGAIN = java.util.Set.of("21-reentrant-downgrade",
            "22-not-reentrant");

    /** The algorithms a built-in scenario on an ensemble is run with. */
    public static final List<String> ON_AN_ENSEMBLE = List.of("sequential", "curator-mutex");

    private GalleryRuns() {
    }

    /** {@link #pairs()} as the arguments of a parameterized test: (scenario, algorithm). */
    public static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> arguments() {
        return pairs().stream().map(pair -> org.junit.jupiter.params.provider.Arguments.of(pair[0], pair[1]));
    }

    /** The runs made so far in this test JVM, by scenario and algorithm: every reader of a pair shares one run. */
    private static final java.util.Map<String, java.util.List<lockstep.simulator.trace.Event>> RUNS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The trace of a built-in run with {@code algorithm} and the scenario's own seed, run once per test JVM: a run is
     * deterministic (DeterminismTest says so by running each pair again), so the tests that read a pair's trace
     * (narration, frames, the player page) share it rather than each running it on the server again.
     */
    public static java.util.List<lockstep.simulator.trace.Event> trace(String scenario, String algorithm)
            throws Exception {
        String key = scenario + "\u0000" + algorithm;
        java.util.List<lockstep.simulator.trace.Event> known = RUNS.get(key);
        if (known != null) {
            return known;
        }
        Scenario loaded = lockstep.simulator.run.Simulations.load(scenario);
        java.util.List<lockstep.simulator.trace.Event> trace = java.util.List.copyOf(
                lockstep.simulator.run.Simulations.run(loaded, algorithm,
                        lockstep.simulator.run.Simulations.seedFor(loaded, null)));
        RUNS.put(key, trace);
        return trace;
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
            boolean ensemble = onAnEnsemble(builtIn);
            for (Algorithms.Info algorithm : Algorithms.all()) {
                if (ensemble && !ON_AN_ENSEMBLE.contains(algorithm.name())) {
                    continue;
                }
                boolean own = scenarioOf(algorithm).map(b -> b.name().equals(builtIn.name())).orElse(false);
                if (HOLDER_ASKS_AGAIN.contains(builtIn.name()) && !algorithm.has(lockstep.algorithms.Flag.REENTRANT)) {
                    continue;
                }
                if (!fitsItsLocks(builtIn, algorithm)) {
                    continue;
                }
                if (!algorithm.isBug() || own) {
                    out.add(new String[] {builtIn.name(), algorithm.name()});
                }
            }
        }
        return out;
    }

    /**
     * Whether {@code algorithm} runs a built-in as far as its locks go: a scenario of several named locks runs only
     * with a multi-lock (any other refuses it); Lockstep's own multi-lock runs only those, since on one lock it is
     * {@code sequential}, whose runs already cover it. Curator's multi-lock runs every built-in, as a reference.
     */
    static boolean fitsItsLocks(BuiltInScenarios.BuiltIn builtIn, Algorithms.Info algorithm) {
        boolean multi = algorithm.has(lockstep.algorithms.Flag.MULTI);
        boolean several;
        try {
            several = BuiltInScenarios.load(builtIn.name()).hasSeveralLocks();
        } catch (lockstep.simulator.BadInputException e) {
            throw new IllegalStateException(e);
        }
        if (several) {
            return multi;
        }
        return !multi || algorithm.has(lockstep.algorithms.Flag.REFERENCE);
    }

    /** Whether a built-in asks for an ensemble ({@code ensemble: 3}). */
    public static boolean onAnEnsemble(BuiltInScenarios.BuiltIn builtIn) {
        try {
            return BuiltInScenarios.load(builtIn.name()).ensemble() > 1;
        } catch (lockstep.simulator.BadInputException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The failure kinds a run of {@code scenario} with {@code algorithm} is expected to show, in checker order. */
    public static List<String> expectedFailures(String scenario, Algorithms.Info algorithm) {
        List<String> kinds = new ArrayList<>();
        if (scenario.startsWith("10-")) {
            kinds.add("unfenced-write"); // the zombie without fencing writes unfenced
        }
        if (scenario.startsWith("22-")) {
            kinds.add("self-deadlock"); // reentrant: false, and the holder asks again
        }
        if (scenario.endsWith("-bug-unordered-multilock") && algorithm.name().equals("curator-multilock")) {
            kinds.add("deadlock"); // Curator's multi-lock takes its locks in the order asked, as the bug does
        }
        algorithm.expected().findingKind().ifPresent(kinds::add);
        return kinds;
    }
}
