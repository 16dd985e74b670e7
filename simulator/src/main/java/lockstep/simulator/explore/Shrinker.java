package lockstep.simulator.explore;

import java.util.Optional;

import lockstep.simulator.scenario.Together;

/**
 * Makes a failing run smaller while it still fails the same way: fewer clients, fewer faults, fewer script lines,
 * fewer racers in a race, fewer choices away from the default, then clients renamed {@code c1..cK}. Each pass tries
 * one removal at a time, from the end, and keeps any that still fails; passes repeat until none helps or the budget of
 * runs is spent.
 *
 * <p>Guarantee: what it returns failed the same way when last run (it is the input if nothing smaller does), with its
 * vector the choices that run took, trailing defaults dropped.
 */
final class Shrinker {

    /** Runs a candidate: the choices it took when it still fails the same way, else empty. */
    interface Trial {
        Optional<int[]> stillFails(Candidate candidate) throws Exception;
    }

    private final Trial trial;
    private final int budget;
    private int runs;

    Shrinker(Trial trial, int budget) {
        this.trial = trial;
        this.budget = budget;
    }

    /** How many runs the last shrink took. */
    int runs() {
        return runs;
    }

    Candidate shrink(Candidate failing) throws Exception {
        runs = 0;
        Candidate best = failing;
        boolean progress = true;
        while (progress && runs < budget) {
            progress = false;
            for (int i = best.clients().size() - 1; i >= 0 && best.clients().size() > 1; i--) {
                Candidate smaller = keep(best, best.without(best.clients().get(i)));
                progress |= smaller != best;
                best = smaller;
            }
            for (int i = best.script().size() - 1; i >= 0; i--) {
                if (i < best.script().size() && best.isFault(i)) {
                    Candidate smaller = keep(best, best.withoutLine(i));
                    progress |= smaller != best;
                    best = smaller;
                }
            }
            // A fault and the fault that undoes it go together (a pause alone leaves the run frozen; a resume
            // alone is refused): each fault line with each later fault line, nearest first.
            for (int i = best.script().size() - 1; i >= 0; i--) {
                for (int j = i + 1; i < best.script().size() && best.isFault(i) && j < best.script().size(); j++) {
                    if (!best.isFault(j)) {
                        continue;
                    }
                    Candidate smaller = keep(best, best.withoutLine(j).withoutLine(i));
                    if (smaller != best) {
                        progress = true;
                        best = smaller;
                        break;
                    }
                }
            }
            // The same for a fault in a race: the racer goes with the later fault line that undoes it (a race of
            // pauses is left with its resumes otherwise, each refused without its pause).
            for (int i = best.script().size() - 1; i >= 0; i--) {
                for (int m = racers(best, i) - 1; m >= 0; m--) {
                    Candidate shorter = pairedRacer(best, i, m);
                    if (shorter != best) {
                        progress = true;
                        best = shorter;
                    }
                }
            }
            for (int i = best.script().size() - 1; i >= 0 && best.script().size() > 1; i--) {
                if (i < best.script().size()) {
                    Candidate smaller = keep(best, best.withoutLine(i));
                    progress |= smaller != best;
                    best = smaller;
                }
            }
            for (int i = best.script().size() - 1; i >= 0; i--) {
                for (int m = racers(best, i) - 1; m >= 0; m--) {
                    if (m < racers(best, i)) {
                        Candidate smaller = keep(best, best.withoutRacer(i, m));
                        progress |= smaller != best;
                        best = smaller;
                    }
                }
            }
            Candidate fewerChoices = fewerChoices(best);
            progress |= fewerChoices != best;
            best = fewerChoices;
        }
        Candidate renamed = best.renamed();
        if (!renamed.clients().equals(best.clients())) {
            best = keep(best, renamed);
        }
        return best;
    }

    /** Without fault racer {@code m} of the race on line {@code i} and the nearest later fault line it takes. */
    private Candidate pairedRacer(Candidate best, int i, int m) throws Exception {
        if (m >= racers(best, i) || ((Together) best.script().get(i)).actions().get(m).fault() == null) {
            return best;
        }
        for (int j = i + 1; j < best.script().size(); j++) {
            if (best.isFault(j)) {
                Candidate smaller = keep(best, best.withoutLine(j).withoutRacer(i, m));
                if (smaller != best) {
                    return smaller;
                }
            }
        }
        return best;
    }

    private static int racers(Candidate candidate, int index) {
        return index < candidate.script().size() && candidate.script().get(index) instanceof Together together
                ? together.actions().size() : 0;
    }

    /** The shortest prefix of the vector that still fails, then each remaining non-default choice set to default. */
    private Candidate fewerChoices(Candidate best) throws Exception {
        int[] vector = best.vector();
        if (vector.length == 0) {
            return best;
        }
        Candidate none = keep(best, best.withVector(new int[0]));
        if (none != best) {
            return none;
        }
        for (int length = vector.length / 2; length > 0; length /= 2) {
            Candidate prefix = keep(best, best.withVector(java.util.Arrays.copyOf(vector, length)));
            if (prefix == best) {
                break;
            }
            best = prefix;
        }
        for (int i = best.vector().length - 1; i >= 0; i--) {
            int[] current = best.vector();
            if (i < current.length && current[i] != 0) {
                int[] zeroed = current.clone();
                zeroed[i] = 0;
                best = keep(best, best.withVector(zeroed));
            }
        }
        return best;
    }

    /** {@code smaller} with the choices it took if it still fails, else {@code best}. */
    private Candidate keep(Candidate best, Candidate smaller) throws Exception {
        if (runs >= budget) {
            return best;
        }
        runs++;
        Optional<int[]> taken = trial.stillFails(smaller);
        return taken.map(smaller::withVector).orElse(best);
    }
}
