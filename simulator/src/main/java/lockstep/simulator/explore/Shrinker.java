package lockstep.simulator.explore;

import java.util.Optional;

import lockstep.simulator.scenario.Together;

/**
 * Makes a failing run smaller while it still fails the same way: fewer clients, fewer faults, fewer script lines,
 * fewer racers in a race, fewer choices away from the default, then clients renamed {@code c1..cK}.
 *
 * <p>Steps of one pass, each keeping every removal that still fails:
 * <ol>
 *   <li>each client with all its actions;</li>
 *   <li>each fault line alone (faults go first: of two equally short runs, the one with fewer faults is clearer);</li>
 *   <li>each line alone, from the end;</li>
 *   <li>each racer of a race alone (a race of two left with one becomes that single line);</li>
 *   <li>only when the pass has removed nothing so far: each pair of lines, and each racer with each later line.
 *       One line often needs another: a release needs its acquire, a resume its pause, a second acquire of a client
 *       the release of its first; removed one at a time, each is refused without the other, and only the pair
 *       goes;</li>
 *   <li>fewer non-default choices.</li>
 * </ol>
 * Passes repeat until one removes nothing or the budget of runs is spent.
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
    private Candidate best;

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
        best = failing;
        boolean progress = true;
        while (progress && runs < budget) {
            progress = fewerClients();
            progress |= fewerFaultLines();
            progress |= fewerLines();
            progress |= fewerRacers();
            // The quadratic passes only when the linear ones are stuck: they cost a run per pair.
            if (!progress) {
                progress = fewerLinePairs() || fewerRacersWithTheirLines();
            }
            progress |= fewerChoices();
        }
        Candidate renamed = best.renamed();
        if (!renamed.clients().equals(best.clients())) {
            keep(renamed);
        }
        return best;
    }

    private boolean fewerClients() throws Exception {
        boolean progress = false;
        for (int i = best.clients().size() - 1; i >= 0 && best.clients().size() > 1; i--) {
            if (i < best.clients().size()) {
                progress |= keep(best.without(best.clients().get(i)));
            }
        }
        return progress;
    }

    private boolean fewerFaultLines() throws Exception {
        boolean progress = false;
        for (int i = best.script().size() - 1; i >= 0; i--) {
            if (i < best.script().size() && best.isFault(i)) {
                progress |= keep(best.withoutLine(i));
            }
        }
        return progress;
    }

    private boolean fewerLines() throws Exception {
        boolean progress = false;
        for (int i = best.script().size() - 1; i >= 0 && best.script().size() > 1; i--) {
            if (i < best.script().size()) {
                progress |= keep(best.withoutLine(i));
            }
        }
        return progress;
    }

    private boolean fewerRacers() throws Exception {
        boolean progress = false;
        for (int i = best.script().size() - 1; i >= 0; i--) {
            for (int m = racers(best, i) - 1; m >= 0; m--) {
                if (m < racers(best, i)) {
                    progress |= keep(best.withoutRacer(i, m));
                }
            }
        }
        return progress;
    }

    /**
     * Each two lines together, from the end, the later one nearest first (a line and the one that undoes it are
     * usually close); after a success the search goes on before the first of the two.
     */
    private boolean fewerLinePairs() throws Exception {
        boolean progress = false;
        for (int i = best.script().size() - 2; i >= 0; i--) {
            for (int j = i + 1; j < best.script().size() && best.script().size() > 2; j++) {
                if (keep(best.withoutLine(j).withoutLine(i))) {
                    progress = true;
                    i = Math.min(i, best.script().size() - 1);
                    break;
                }
            }
        }
        return progress;
    }

    /**
     * Each racer of a race with each later line (a racer's pause with its resume, a racer's acquire with its
     * release): the same need between lines, met inside a race.
     */
    private boolean fewerRacersWithTheirLines() throws Exception {
        boolean progress = false;
        for (int i = best.script().size() - 1; i >= 0; i--) {
            for (int m = racers(best, i) - 1; m >= 0; m--) {
                for (int j = i + 1; m < racers(best, i) && j < best.script().size(); j++) {
                    if (keep(best.withoutLine(j).withoutRacer(i, m))) {
                        progress = true;
                        break;
                    }
                }
            }
        }
        return progress;
    }

    private static int racers(Candidate candidate, int index) {
        return index < candidate.script().size() && candidate.script().get(index) instanceof Together together
                ? together.actions().size() : 0;
    }

    /** The shortest prefix of the vector that still fails, then each remaining non-default choice set to default. */
    private boolean fewerChoices() throws Exception {
        int[] vector = best.vector();
        if (vector.length == 0) {
            return false;
        }
        if (keep(best.withVector(new int[0]))) {
            return true;
        }
        boolean progress = false;
        for (int length = vector.length / 2; length > 0; length /= 2) {
            if (!keep(best.withVector(java.util.Arrays.copyOf(vector, length)))) {
                break;
            }
            progress = true;
        }
        for (int i = best.vector().length - 1; i >= 0; i--) {
            int[] current = best.vector();
            if (i < current.length && current[i] != 0) {
                int[] zeroed = current.clone();
                zeroed[i] = 0;
                progress |= keep(best.withVector(zeroed));
            }
        }
        return progress;
    }

    /**
     * Runs {@code smaller}; if it still fails, it becomes the best so far (with the choices it took) and the answer
     * is true. Nothing is run once the budget is spent.
     */
    private boolean keep(Candidate smaller) throws Exception {
        if (runs >= budget) {
            return false;
        }
        runs++;
        Optional<int[]> taken = trial.stillFails(smaller);
        taken.ifPresent(choices -> best = smaller.withVector(choices));
        return taken.isPresent();
    }
}
