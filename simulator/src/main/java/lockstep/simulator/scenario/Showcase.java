package lockstep.simulator.scenario;

import java.util.List;

import lockstep.algorithms.Flag;
import lockstep.algorithms.registry.Algorithms;

/**
 * The pair of algorithms a built-in scenario is shown with when nobody chooses (the course site's index, a player
 * per built-in), read from the scenario and the algorithm registry rather than from a list kept by hand.
 *
 * <p>In order: a scenario of the bug gallery ({@code NN-<bug>}) shows its bug beside Lockstep's reference for the
 * bug's kind ({@code semaphore} for a bug with permits, {@code multilock} for a multi-lock's, {@code rwlock} for a read/write bug, else {@code sequential});
 * a scenario of several locks shows {@code multilock} beside {@code curator-multilock};
 * an ensemble, a semaphore ({@code permits} above 1), a script with read or write requests and a script with faults
 * show Lockstep's lock of that kind beside Curator's ({@code sequential} and {@code curator-mutex} for an ensemble or
 * for faults, {@code semaphore} and {@code curator-semaphore}, {@code rwlock} and {@code curator-rwlock}); anything
 * else is the herd's comparison, {@code naive} beside {@code sequential}. Every algorithm named is in the registry.
 */
public final class Showcase {

    private Showcase() {
    }

    /** The two algorithms {@code scenario} (a built-in named {@code name}) is shown with. */
    public static List<String> pairOf(String name, Scenario scenario) {
        for (Algorithms.Info bug : Algorithms.bugs()) {
            if (name.endsWith("-" + bug.name())) {
                String reference = bug.has(Flag.PERMITS) ? "semaphore" : bug.has(Flag.MULTI) ? "multilock"
                        : bug.isShared() ? "rwlock" : "sequential";
                return List.of(bug.name(), reference);
            }
        }
        if (scenario.hasSeveralLocks()) {
            return List.of("multilock", "curator-multilock");
        }
        if (scenario.ensemble() > 1) {
            return List.of("sequential", "curator-mutex");
        }
        if (scenario.permits() > 1) {
            return List.of("semaphore", "curator-semaphore");
        }
        if (asksForAMode(scenario.script())) {
            return List.of("rwlock", "curator-rwlock");
        }
        if (hasAFault(scenario.script())) {
            return List.of("sequential", "curator-mutex");
        }
        return NAIVE_AND_SEQUENTIAL;
    }

    /**
     * The algorithms a command runs a scenario with when nobody names any ({@code run}, {@code render}, {@code gui}):
     * naive beside sequential, the comparison the course starts from and the one the fault scenarios narrate, unless
     * those two cannot show the scenario's point: a bug's scenario (the bug must be in the picture), several locks, a
     * semaphore's permits, or read and write requests. Then the pair it is shown with everywhere ({@link #pairOf}).
     */
    public static List<String> whenNoneIsNamed(String name, Scenario scenario) {
        List<String> shown = pairOf(name, scenario);
        boolean aBug = Algorithms.bugs().stream().anyMatch(b -> shown.contains(b.name()));
        if (aBug || scenario.hasSeveralLocks() || scenario.permits() > 1 || asksForAMode(scenario.script())) {
            return shown;
        }
        return NAIVE_AND_SEQUENTIAL;
    }

    /** The herd's comparison: one znode every waiter watches, beside a queue where each watches its predecessor. */
    public static final List<String> NAIVE_AND_SEQUENTIAL = List.of("naive", "sequential");

    private static boolean asksForAMode(List<Step> steps) {
        return actions(steps).stream().anyMatch(a -> a.mode() != null);
    }

    private static boolean hasAFault(List<Step> steps) {
        return steps.stream().anyMatch(s -> s instanceof ServerStep
                || s instanceof Repeat r && hasAFault(r.body()))
                || actions(steps).stream().anyMatch(a -> a.fault() != null);
    }

    /** The client actions of a script, those of its races and repetitions included. */
    private static List<Action> actions(List<Step> steps) {
        java.util.List<Action> out = new java.util.ArrayList<>();
        for (Step step : steps) {
            if (step instanceof Action a) {
                out.add(a);
            } else if (step instanceof Together t) {
                out.addAll(t.actions());
            } else if (step instanceof Repeat r) {
                out.addAll(actions(r.body()));
            }
        }
        return out;
    }
}
