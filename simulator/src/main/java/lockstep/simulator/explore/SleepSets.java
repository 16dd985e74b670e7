package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import lockstep.simulator.schedule.Independence;
import lockstep.simulator.schedule.Option;
import lockstep.simulator.schedule.Scheduler;

/**
 * The scheduler of one run of an exhaustive, depth-first search with sleep sets (Godefroid 1996): choice point i takes
 * position {@code given[i]}, and every later point the first option that is not asleep; {@link #next} names the run
 * after it. Without {@code reduce} nothing is ever asleep and the search is the plain depth-first one over every
 * choice vector.
 *
 * <p>Steps: the run tells it of every option it lets happen, chosen ({@link #choose}) or alone ({@link #only}). An
 * option is asleep when one with its text is in the sleep set carried from the step before (which holds only if
 * exactly one option was let happen since; otherwise the set is empty, which is always sound: less is asleep). After
 * taking option t, the set carried on is every option asleep here or tried here before t (a position before t's:
 * depth first, those subtrees were explored already) that commutes with t ({@link Independence}). A choice point past
 * {@code horizon} (script lines not counted) does not branch and has nothing asleep; a step within it whose every option is asleep (a choice
 * point, or a lone option) blocks the run: every continuation of it is equivalent to one explored already, so the run
 * counts as no new schedule and nothing past it branches.
 *
 * <p>With source sets ({@link #sourceSets}, Source-DPOR): the run also writes down its steps (what was open at each,
 * the point it was chosen at, the quiescent piece it is in, whether it came before any block or cut), and
 * {@link #next} hands them to the tree ({@link SourceSets}), which reverses their races ({@link Races}) and picks the
 * next run among the options the races asked for; the options tried before the one taken at a point are then the
 * tree's done set there, not the positions before it.
 *
 * <p>Stateful ({@link #statesSeen}): at a script line's point whose state ({@link StateKey}) was explored whole, the
 * run is cut short there (the script ends, nothing past the point branches or blocks) and stands for that state's
 * counts; the other line points before any block or cut are told to {@link SeenStates} with their states.
 *
 * <p>Guarantee: with the same {@code given}, the same choices (the sets are a function of the options offered and
 * the prefix); the positions taken replay the run with {@link ChoiceVector}. The soundness argument is in
 * docs/design/search.md.
 */
final class SleepSets implements Scheduler, ScriptGenerator.LineChoice {

    private final int[] given;
    private final int horizon;
    private final boolean reduce;
    private final List<Integer> taken = new ArrayList<>();
    private final List<boolean[]> asleep = new ArrayList<>();
    /** Per point taken: whether it branches (a script line always; a choice point within the horizon). */
    private final List<Boolean> branches = new ArrayList<>();
    /** Per point taken: whether it is a script line's (else a choice point of the schedule). */
    private final List<Boolean> lines = new ArrayList<>();
    /** Choice points of the schedule met so far (script lines not counted): what the horizon bounds. */
    private int choicePoints;
    private List<Option> carried = List.of();
    private int carriedFromStep = Integer.MIN_VALUE;
    private int blockedAt = -1;
    /** With a random descent ({@link #SleepSets(int[], int, boolean, java.util.Random)}): where its choices come from. */
    private final java.util.Random probe;
    private double weight = 1;
    /** The steps let happen, cut at quiescent points: how many orders of them the unreduced search would run. */
    private final Orderings orderings = new Orderings();
    /** With a stateful search: the states explored whole already ({@link SeenStates}); else null. */
    private SeenStates seen;
    /** The script lines' points reached before any block or cut, each with its state and the pieces before it. */
    private final List<SeenStates.LinePoint> linePoints = new ArrayList<>();
    /** Where the run met a state explored whole already (-1: it did not): nothing from there on branches. */
    private int cutAt = -1;
    private SeenStates.Counts cutCounts;
    private int cutPieces;
    /** With source sets ({@link #sourceSets}): the tree's points of the current prefix; else null. */
    private SourceSets sources;
    /** With source sets: every step the run let happen, and per point the texts of its options. */
    private final List<Races.Step> steps = new ArrayList<>();
    private final List<List<String>> offered = new ArrayList<>();
    /** A descent's states at its script lines' points, and its weight as it reached each. */
    private final List<String> passedKeys = new ArrayList<>();
    private final List<Double> passedWeights = new ArrayList<>();

    /**
     * @param given   the positions to take first
     * @param horizon choice points that branch; deeper ones take the first option not asleep
     * @param reduce  whether options that commute are tried in one order only
     */
    SleepSets(int[] given, int horizon, boolean reduce) {
        this(given, horizon, reduce, null);
    }

    /**
     * A random descent of the reduced search's tree, to estimate its size (Knuth, "Estimating the efficiency of
     * backtrack programs", 1975): past {@code given}, each point takes an option it would branch to (a line, or an
     * option not asleep) uniformly at random from {@code probe}, and {@link #weight} multiplies how many there were.
     * The mean weight over descents is the number of runs of the whole search; weighted by not blocked, its
     * schedules; by {@link #orders}, the schedules before reduction.
     */
    SleepSets(int[] given, int horizon, boolean reduce, java.util.Random probe) {
        this.given = given.clone();
        this.horizon = horizon;
        this.reduce = reduce;
        this.probe = probe;
    }

    /**
     * Makes the search stateful: at a script line's point whose state {@code seen} knows explored whole, the run
     * branches no further (its script ends there), and stands for that state's counts.
     */
    SleepSets statesSeen(SeenStates seen) {
        this.seen = seen;
        return this;
    }

    /**
     * Makes the search one with source sets ({@link SourceSets}, shared by every run of the tree): a point tries only
     * the options its backtrack set gets from the races of the runs below it, instead of every option not asleep.
     */
    SleepSets sourceSets(SourceSets tree) {
        this.sources = tree;
        return this;
    }

    private String scriptSoFar = "";

    @Override
    public synchronized void scriptSoFar(List<lockstep.simulator.scenario.Step> lines) {
        scriptSoFar = lines.stream().map(lockstep.simulator.scenario.Step::text).toList() + " "
                + java.util.Arrays.toString(schedule());
    }

    /** With a probe, how many runs of the search this descent stands for: the product of its points' branches. */
    synchronized double weight() {
        return weight;
    }

    @Override
    public boolean followsEveryStep() {
        return reduce;
    }

    /**
     * A lone option: asleep, it blocks the run (every continuation from here starts with it, and each is equivalent
     * to one explored already); else the set carries on without what it does not commute with.
     */
    @Override
    public synchronized void only(Option option) {
        orderings.step(option);
        if (choicePoints >= horizon || cutAt >= 0) {
            stepped(option, List.of(option.text()), -1);
            return;
        }
        List<Option> sleep = sleepAt(option);
        if (sleep.stream().anyMatch(s -> s.text().equals(option.text()))) {
            if (blockedAt < 0) {
                blockedAt = taken.size();
            }
            carried = List.of();
        } else {
            carried = sleep.stream().filter(s -> Independence.commute(s, option)).toList();
        }
        carriedFromStep = option.step();
        stepped(option, List.of(option.text()), -1);
    }

    /** With source sets, the step as its races will need it: what was open, where it was chosen, before any block. */
    private void stepped(Option option, List<String> open, int point) {
        if (sources != null) {
            steps.add(new Races.Step(option, open, point, orderings.cuts(), blockedAt < 0 && cutAt < 0));
        }
    }

    /** The set carried to an option of step {@code at}: only if exactly one step passed since it was made. */
    private List<Option> sleepAt(Option at) {
        return reduce && at.step() >= 0 && at.step() == carriedFromStep + 1 ? carried : List.of();
    }

    @Override
    public synchronized int choose(List<Option> options) {
        int point = taken.size();
        boolean within = choicePoints++ < horizon && cutAt < 0;
        // Past the horizon nothing branches, and nothing is asleep: the first option, as a plain search takes it.
        List<Option> sleep = within ? sleepAt(options.get(0)) : List.of();
        boolean[] sleeping = new boolean[options.size()];
        for (int i = 0; i < options.size(); i++) {
            String text = options.get(i).text();
            sleeping[i] = sleep.stream().anyMatch(s -> s.text().equals(text));
        }
        int choice;
        if (point < given.length) {
            choice = Math.min(given[point], options.size() - 1);
        } else {
            choice = firstAwake(sleeping);
            if (choice < 0) {
                choice = 0;
                if (blockedAt < 0 && within) {
                    blockedAt = point;
                }
            } else if (probe != null && within && blockedAt < 0) {
                // A descent: any branch of the search's tree here, each as likely.
                int awake = 0;
                for (boolean asleepHere : sleeping) {
                    awake += asleepHere ? 0 : 1;
                }
                int pick = probe.nextInt(awake);
                for (choice = 0; sleeping[choice] || pick-- > 0; choice++) {
                    // skip to the pick-th option awake
                }
                weight *= awake;
            }
        }
        taken.add(choice);
        asleep.add(sleeping);
        branches.add(within);
        lines.add(false);
        Option chosen = options.get(choice);
        orderings.step(chosen);
        List<Option> next = new ArrayList<>();
        for (int i = 0; i < options.size(); i++) {
            // Tried here before the one taken: depth first, in position order, or as the source sets had it.
            boolean tried = sources != null ? sources.explored(point, i) : i < choice;
            if ((sleeping[i] || tried) && i != choice && Independence.commute(options.get(i), chosen)) {
                next.add(options.get(i));
            }
        }
        carried = next;
        carriedFromStep = chosen.step();
        if (sources != null) {
            List<String> texts = options.stream().map(Option::text).toList();
            offered.add(texts);
            stepped(chosen, texts, within ? point : -1);
        }
        return choice;
    }

    /** No option is open: no order of the steps reaches across this point ({@link Orderings}). */
    @Override
    public synchronized void quiescent() {
        orderings.quiescent();
    }

    /**
     * A script line to pick among {@code options} (an enumerated script, {@link ScriptGenerator#everyScript}): a
     * point that always branches, with nothing asleep, whose options commute with nothing (a line is written at
     * quiescence, where no option is open, so no sleep set reaches past it).
     */
    @Override
    public synchronized int line(int options) {
        return line(options, null);
    }

    /**
     * As {@link #line(int)}, told the state there ({@code state}: its key, {@link StateKey}) for a stateful search:
     * -1 when that state was explored whole already (the script then ends: the run is cut short and stands for the
     * state's counts), and a descent notes the state it passes.
     */
    @Override
    public synchronized int line(int options, java.util.function.Supplier<String> state) {
        int point = taken.size();
        if (seen != null && state != null && blockedAt < 0 && cutAt < 0) {
            String key = state.get();
            if (probe != null) {
                passedWeights.add(weight);
                passedKeys.add(key);
            } else {
                SeenStates.Counts known = seen.explored(key);
                if (known != null) {
                    cutAt = point;
                    cutCounts = known;
                    cutPieces = orderings.cuts();
                    return -1;
                }
                linePoints.add(new SeenStates.LinePoint(point, key, orderings.cuts(), scriptSoFar));
            }
        }
        int choice = point < given.length ? Math.min(given[point], options - 1) : 0;
        if (point >= given.length && probe != null && blockedAt < 0) {
            choice = probe.nextInt(options);
            weight *= options;
        }
        taken.add(choice);
        asleep.add(new boolean[options]);
        branches.add(true);
        lines.add(true);
        if (sources != null) {
            offered.add(List.of());
        }
        carried = List.of();
        carriedFromStep = Integer.MIN_VALUE;
        return choice;
    }

    private static int firstAwake(boolean[] sleeping) {
        for (int i = 0; i < sleeping.length; i++) {
            if (!sleeping[i]) {
                return i;
            }
        }
        return -1;
    }

    /** The positions taken so far. */
    synchronized int[] taken() {
        return taken.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The positions taken at the schedule's choice points, script lines left out: the vector that replays the run
     * of its script ({@link ChoiceVector}).
     */
    synchronized int[] schedule() {
        int[] vector = new int[choicePoints];
        for (int point = 0, at = 0; point < taken.size(); point++) {
            if (!lines.get(point)) {
                vector[at++] = taken.get(point);
            }
        }
        return vector;
    }

    /** Whether the run met a point within the horizon with every option asleep (no new schedule). */
    synchronized boolean blocked() {
        return blockedAt >= 0;
    }

    /**
     * The runs of the unreduced search equivalent to this one (its steps in every order that keeps the steps that
     * do not commute in theirs): what this run stands for when it was not blocked. Told steps only when reducing.
     */
    synchronized long orders() {
        return orderings.count();
    }

    /** A descent's states at its script lines' points, in order. */
    synchronized List<String> passedKeys() {
        return List.copyOf(passedKeys);
    }

    /** A descent's weight as it reached each of its script lines' points. */
    synchronized List<Double> passedWeights() {
        return List.copyOf(passedWeights);
    }

    /** The script lines' points of the run before any block or cut, with their states (a stateful search). */
    synchronized List<SeenStates.LinePoint> linePoints() {
        return List.copyOf(linePoints);
    }

    /** The counts of the state explored whole already where the run was cut short, or null when it was not. */
    synchronized SeenStates.Counts cut() {
        return cutCounts;
    }

    /**
     * The orders of the run's steps from the pieces after cut {@code from} on: up to where it was cut short
     * (exclusive), or to its end.
     */
    synchronized long ordersFrom(int from) {
        return orderings.countBetween(from, cutAt >= 0 ? cutPieces : -1);
    }

    /** Whether the run had choice points past the horizon (they took the first option not asleep, unbranched). */
    synchronized boolean pastHorizon() {
        return choicePoints > horizon;
    }

    /**
     * The vector of the next run, depth first (script lines, when enumerated, are points of it too): the deepest
     * point within the horizon (and before a block) with an
     * option after the one taken that is not asleep takes that option. Null when the tree is done.
     */
    synchronized int[] next() {
        int limit = taken.size();
        if (blockedAt >= 0) {
            limit = Math.min(limit, blockedAt);
        }
        if (cutAt >= 0) {
            limit = Math.min(limit, cutAt);
        }
        if (sources != null) {
            return sources.next(limit, taken, offered, asleep, branches, lines, Races.of(steps));
        }
        for (int point = limit - 1; point >= 0; point--) {
            if (!branches.get(point)) {
                continue;
            }
            boolean[] sleeping = asleep.get(point);
            for (int option = taken.get(point) + 1; option < sleeping.length; option++) {
                if (!sleeping[option]) {
                    int[] vector = Arrays.copyOf(taken(), point + 1);
                    vector[point] = option;
                    return vector;
                }
            }
        }
        return null;
    }
}
