package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import lockstep.simulator.schedule.Option;

/**
 * The reversible races of one run, and what each asks of the choice point before it: the analysis of Source-DPOR
 * (Abdulla, Aronis, Jonsson and Sagonas, "Optimal Dynamic Partial Order Reduction", POPL 2014, Algorithm 1, lines
 * 5 to 9), made once a run has ended, over its steps.
 *
 * <p>Steps, piece by piece (a quiescent point is a wall: nothing that comes after it can go before anything that
 * came before it, so no race crosses it), over the steps the search explored (up to a block or a cut):
 * <ol>
 *   <li>happens-before is {@link Orderings#happensBefore}: program order of each client and the steps that do not
 *       commute, in run order, closed transitively;</li>
 *   <li>steps e &lt; e' race when they belong to different clients, do not commute, no step between them is after e
 *       and before e' in happens-before (they could be neighbours in an equivalent run), and e did not open e' (a
 *       write that fired the notification e' delivers: then e' was not open before e and was open just after it,
 *       with no step of its client between);</li>
 *   <li>for each race whose e was a choice point that branches, v is the steps after e that do not happen after e,
 *       then e'; its initials are the steps of v with no step before them in v that they do not commute with (each
 *       could go first after the steps before e). The point before e must try one of them ({@link SourceSets}).</li>
 * </ol>
 *
 * <p>Guarantee: every reversible race of the explored steps is reported once per run, with the texts of its
 * initials (an option's text names its client, its operation and its path: the same text at the point before e is
 * the same step).
 */
final class Races {

    private Races() {
    }

    /**
     * One step of a run as the search saw it.
     *
     * @param option   the option let happen
     * @param open     the texts of the options open when it was let happen (itself among them)
     * @param point    the choice point it was taken at, when that point branches; -1 for a lone step, or a point
     *                 that does not branch (past the horizon)
     * @param piece    how many quiescent points came before it
     * @param explored whether the search's tree holds it: before any block or cut
     */
    record Step(Option option, List<String> open, int point, int piece, boolean explored) {
    }

    /** A race's demand: the point before e must try one of {@code initials} (texts), unless it does already. */
    record Reversal(int point, Set<String> initials) {
    }

    /** The reversals the races among {@code steps} (a whole run, in order) ask for. */
    static List<Reversal> of(List<Step> steps) {
        List<Reversal> reversals = new ArrayList<>();
        for (int from = 0; from < steps.size(); ) {
            int to = from;
            while (to < steps.size() && steps.get(to).piece() == steps.get(from).piece()) {
                to++;
            }
            inPiece(steps, from, to, reversals);
            from = to;
        }
        return reversals;
    }

    private static void inPiece(List<Step> steps, int from, int to, List<Reversal> reversals) {
        List<Option> explored = new ArrayList<>();
        for (int i = from; i < to && steps.get(i).explored(); i++) {
            explored.add(steps.get(i).option());
        }
        BitSet[] before = Orderings.happensBefore(explored);
        for (int j = 1; j < explored.size(); j++) {
            for (int i = before[j].nextSetBit(0); i >= 0; i = before[j].nextSetBit(i + 1)) {
                Step e = steps.get(from + i);
                if (e.point() < 0 || e.option().client().equals(explored.get(j).client())
                        || !Orderings.ordered(e.option(), explored.get(j)) || !neighbours(before, i, j)
                        || opened(steps, from + i, from + j, to)) {
                    continue;
                }
                reversals.add(new Reversal(e.point(), initials(explored, before, i, j)));
            }
        }
    }

    /** No step k between i and j with i before k before j: the two could be neighbours in an equivalent run. */
    private static boolean neighbours(BitSet[] before, int i, int j) {
        for (int k = before[j].nextSetBit(i + 1); k >= 0 && k < j; k = before[j].nextSetBit(k + 1)) {
            if (before[k].get(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether step {@code e} opened step {@code later} (so they cannot be reversed): its option was not open at e,
     * was open just after e (within the piece: after its last step nothing is open), and its client took no step
     * between (else the option open after e with that text was an earlier one of the client's).
     */
    private static boolean opened(List<Step> steps, int e, int later, int pieceEnd) {
        Option option = steps.get(later).option();
        if (steps.get(e).open().contains(option.text())) {
            return false;
        }
        for (int k = e + 1; k < later; k++) {
            if (steps.get(k).option().client().equals(option.client())) {
                return false;
            }
        }
        return e + 1 < pieceEnd && steps.get(e + 1).open().contains(option.text());
    }

    /**
     * The initials of v = (the steps after e that do not happen after it), then e': the steps of v that no earlier
     * step of v is ordered before (one that is, is ordered directly by some step of v: the last link of its chain).
     */
    private static Set<String> initials(List<Option> explored, BitSet[] before, int e, int later) {
        List<Option> v = new ArrayList<>();
        for (int k = e + 1; k < later; k++) {
            if (!before[k].get(e)) {
                v.add(explored.get(k));
            }
        }
        v.add(explored.get(later));
        Set<String> initials = new LinkedHashSet<>();
        for (int x = 0; x < v.size(); x++) {
            boolean first = true;
            for (int y = 0; y < x && first; y++) {
                first = !Orderings.ordered(v.get(y), v.get(x));
            }
            if (first) {
                initials.add(v.get(x).text());
            }
        }
        return initials;
    }
}
