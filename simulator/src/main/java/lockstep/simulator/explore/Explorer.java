package lockstep.simulator.explore;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.run.RunsOnOneServer;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.schedule.PctScheduler;
import lockstep.simulator.schedule.SeededScheduler;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.ConnectionState;

/**
 * Searches for a run of one algorithm that the checker fails, shrinks the first one found and hands it over as files.
 *
 * <p>Steps: for each seed, a {@link ScriptGenerator} writes a script while the run goes, and the {@link Strategy}'s
 * scheduler makes its choices (written down as a {@link ChoiceVector}): a seeded random one that may deliver a
 * notification after other clients' calls, or PCT's priorities ({@link PctScheduler}); with {@code exhaustive}, each
 * seed's script meets every choice vector in turn instead, depth first, options that commute tried in one order only
 * ({@link SleepSets}; with {@link Reduction#SOURCE}, a point tries only what the races of the runs below it ask for,
 * {@link SourceSets}), and the space before that reduction is counted from its runs ({@link Orderings}). Every run is on
 * one server, or one embedded ensemble, started once ({@link RunsOnOneServer}; with several workers, each worker's
 * own, the seeds taken back in order by {@link SeedsSideBySide}), and is checked when it ends. The lowest failing
 * seed is shrunk ({@link Shrinker}) and written by {@link Counterexample}; the search stops there, unless
 * the written files do not show the failure again on fresh servers, byte for byte: such a failure is kept apart as unconfirmed and the search goes on.
 *
 * <p>Guarantees: the same settings give the same runs, finding and files, whatever the number of workers; a note
 * such as {@code stale-holder} is not a finding; a run is a finding only if it ends with the servers up and every
 * client resumed and reconnected, so a frozen client is never mistaken for a stuck lock.
 */
public final class Explorer {

    /** Runs a shrink may spend. */
    static final int SHRINK_BUDGET = 400;

    /** The most workers a search uses unless told ({@link #defaultWorkers}). */
    static final int MOST_DEFAULT_WORKERS = 8;

    /**
     * What to search.
     *
     * @param algorithm  the lock under test, registered or not
     * @param clients    how many clients, {@code c1..cN}
     * @param faults     the faults a script may apply
     * @param firstSeed  the first seed; with {@code exhaustive}, the seed of the first script
     * @param lastSeed   the last seed (inclusive)
     * @param strategy   one random or PCT schedule per seed, or every choice vector of each seed's script
     * @param maxSteps   script lines before the closing ones; with {@code exhaustive} over the seeds' scripts, also
     *                   the deepest choice point that branches is {@code maxSteps * 8} (deeper ones take the first
     *                   option); over every script, every choice point branches
     * @param out        the directory for a counterexample's files (made when needed)
     * @param ensemble   the servers every run shares: 1 (one server) or an embedded ensemble of 3 or 5, whose
     *                   server faults ({@code server leader kill}, {@code server N restart}, {@code cN move}) a
     *                   script may then draw; a counterexample's scenario says {@code ensemble: N}
     * @param depth      PCT's d: d-1 priority change points per run
     * @param everyScript with {@code exhaustive}: instead of the seeds' scripts, every script of up to
     *                   {@code maxSteps} lines ({@link ScriptGenerator#everyScript}), up to the clients' names when
     *                   the faults allow it ({@link ScriptGenerator#symmetryHolds}); the scripts' seed is
     *                   {@code firstSeed}
     * @param countByRunning with {@code exhaustive}: count the space before reduction by running it again without
     *                   reduction (the old way, slow; kept to check the count) instead of counting the orders of the
     *                   reduced search's runs ({@link Orderings})
     * @param stateless  with every script: run every state's subtree each time it is reached, and run one script of
     *                   each family of renamings ({@link Symmetry}), as before the state cache; else the search is
     *                   stateful ({@link SeenStates}): a script line's state explored whole already is not explored
     *                   again, states equal up to the clients' names counting as one
     * @param noSymmetry with every script: clients' renamings do not count as one (neither scripts nor states):
     *                   every naming is run, to check the symmetry's counts against
     * @param reduction  with {@code exhaustive}: sleep sets alone, or source sets with them ({@link Reduction}); the
     *                   same schedules and counts either way, fewer runs with source sets
     */
    public record Settings(Algorithms.Info algorithm, int clients, List<Fault> faults, long firstSeed, long lastSeed,
                           Strategy strategy, int maxSteps, Path out, int ensemble, int depth, boolean everyScript,
                           boolean countByRunning, boolean stateless, boolean noSymmetry, Reduction reduction,
                           boolean lockPathMade) {

        /** PCT's bug depth unless told: two change points (Coyote's and the paper's usual choice). */
        public static final int DEFAULT_DEPTH = 3;

        public Settings {
            faults = List.copyOf(faults);
            if (!Scenario.ENSEMBLE_SIZES.contains(ensemble)) {
                throw new IllegalArgumentException("ensemble " + ensemble + " (expected 1, 3 or 5)");
            }
            if (depth < 1) {
                throw new IllegalArgumentException("depth " + depth + " (expected 1 or more)");
            }
            if (everyScript && strategy != Strategy.EXHAUSTIVE) {
                throw new IllegalArgumentException("every script is searched by the exhaustive strategy only");
            }
            java.util.Objects.requireNonNull(reduction, "reduction");
        }

        /**
         * The lock's path made before each run's first line with the exhaustive strategy, and by the first acquires
         * with the others ({@link Scenario#lockPathMade}): an exhaustive search then verifies a lock in use, whose
         * first line is not multiplied by the race to make the parents (at 3 clients and one line, 137 schedules
         * against more than 16,000 runs unfinished in 10 minutes), and a drawn run stays as it was.
         */
        public Settings(Algorithms.Info algorithm, int clients, List<Fault> faults, long firstSeed, long lastSeed,
                        Strategy strategy, int maxSteps, Path out, int ensemble, int depth, boolean everyScript,
                        boolean countByRunning, boolean stateless, boolean noSymmetry, Reduction reduction) {
            this(algorithm, clients, faults, firstSeed, lastSeed, strategy, maxSteps, out, ensemble, depth,
                    everyScript, countByRunning, stateless, noSymmetry, reduction, strategy == Strategy.EXHAUSTIVE);
        }

        /** The same settings with the lock's path made before each run's first line (true), or fresh. */
        public Settings withLockPathMade(boolean made) {
            return new Settings(algorithm, clients, faults, firstSeed, lastSeed, strategy, maxSteps, out, ensemble,
                    depth, everyScript, countByRunning, stateless, noSymmetry, reduction, made);
        }

        /** With source sets ({@link Reduction#SOURCE}). */
        public Settings(Algorithms.Info algorithm, int clients, List<Fault> faults, long firstSeed, long lastSeed,
                        Strategy strategy, int maxSteps, Path out, int ensemble, int depth, boolean everyScript,
                        boolean countByRunning, boolean stateless, boolean noSymmetry) {
            this(algorithm, clients, faults, firstSeed, lastSeed, strategy, maxSteps, out, ensemble, depth,
                    everyScript, countByRunning, stateless, noSymmetry, Reduction.SOURCE);
        }

        /** Stateful with every script. */
        public Settings(Algorithms.Info algorithm, int clients, List<Fault> faults, long firstSeed, long lastSeed,
                        Strategy strategy, int maxSteps, Path out, int ensemble, int depth, boolean everyScript,
                        boolean countByRunning) {
            this(algorithm, clients, faults, firstSeed, lastSeed, strategy, maxSteps, out, ensemble, depth,
                    everyScript, countByRunning, false, false);
        }

        /**
         * Whether a stateful search's states count as one when they differ only in the clients' names: not. A renamed
         * state tries its options in a renamed order, and the reduced search's counts depend on that order (a sleep
         * set reaches only the next step, so a class of runs can be run twice, more often in one order than another):
         * its findings would stand, its counts would not be the stateless search's (measured: 13,283 schedules
         * against 12,953 at 2 clients and 3 lines under {@code sequential}). Every naming is explored apart.
         */
        public boolean statesSymmetric() {
            return false;
        }

        /**
         * Whether the search of every script caches the states at its script lines' points: every script, reduced,
         * and not stateless ({@link SeenStates}).
         */
        public boolean stateful() {
            return everyScript && !stateless;
        }

        /** The space before reduction counted from the reduced search's runs. */
        public Settings(Algorithms.Info algorithm, int clients, List<Fault> faults, long firstSeed, long lastSeed,
                        Strategy strategy, int maxSteps, Path out, int ensemble, int depth, boolean everyScript) {
            this(algorithm, clients, faults, firstSeed, lastSeed, strategy, maxSteps, out, ensemble, depth,
                    everyScript, false);
        }

        /** The scripts of the seeds. */
        public Settings(Algorithms.Info algorithm, int clients, List<Fault> faults, long firstSeed, long lastSeed,
                        Strategy strategy, int maxSteps, Path out, int ensemble, int depth) {
            this(algorithm, clients, faults, firstSeed, lastSeed, strategy, maxSteps, out, ensemble, depth, false);
        }

        /** Whether scripts that differ only in the clients' names are run once (every script, faults allowing). */
        public boolean symmetric() {
            return everyScript && stateless && !noSymmetry && ScriptGenerator.symmetryHolds(faults);
        }

        /** {@code exhaustive} for that strategy, else random ones. */
        public Settings(Algorithms.Info algorithm, int clients, List<Fault> faults, long firstSeed, long lastSeed,
                        boolean exhaustive, int maxSteps, Path out, int ensemble) {
            this(algorithm, clients, faults, firstSeed, lastSeed, exhaustive ? Strategy.EXHAUSTIVE : Strategy.RANDOM,
                    maxSteps, out, ensemble, DEFAULT_DEPTH);
        }

        /** On one server. */
        public Settings(Algorithms.Info algorithm, int clients, List<Fault> faults, long firstSeed, long lastSeed,
                        boolean exhaustive, int maxSteps, Path out) {
            this(algorithm, clients, faults, firstSeed, lastSeed, exhaustive, maxSteps, out, 1);
        }

        /** Every schedule of each seed's script instead of one schedule per seed. */
        public boolean exhaustive() {
            return strategy == Strategy.EXHAUSTIVE;
        }

        /**
         * The deepest choice point an exhaustive search branches at; deeper ones take the first option. None with
         * every script: its claim is every schedule of each script (and more lines would mean more scripts).
         */
        public int horizon() {
            return everyScript ? Integer.MAX_VALUE : maxSteps * 8;
        }

        /**
         * PCT's k, the choice points among which its change points fall: four per script line, about what a line of
         * a three-client run offers (a run's later points then go by the priorities alone).
         */
        public int pctSteps() {
            return maxSteps * 4;
        }

        List<String> clientNames() {
            return IntStream.rangeClosed(1, clients).mapToObj(i -> "c" + i).toList();
        }
    }

    /** Told after every run of the search, and of the shrink that follows a finding. */
    @FunctionalInterface
    public interface Progress {
        void ran(long seedsDone, long seeds, int runs, int findings, long elapsedMs);

        /**
         * After each run of a shrink: {@code runs} of at most {@code budget} so far, the smallest failing run found
         * yet having {@code clients} clients and {@code lines} script lines. A shrink can take minutes: it is told.
         */
        default void shrinking(long seed, int runs, int budget, int clients, int lines, long elapsedMs) {
        }

        Progress NONE = (seedsDone, seeds, runs, findings, elapsedMs) -> {
        };
    }

    /** What a search did. */
    public record Summary(String algorithm, int runs, int schedules, int shrinkRuns, List<Counterexample> findings,
                          long seedsDone, long wallMs, List<Counterexample> unconfirmed, Every every) {

        public Summary(String algorithm, int runs, int schedules, int shrinkRuns, List<Counterexample> findings,
                       long seedsDone, long wallMs, List<Counterexample> unconfirmed) {
            this(algorithm, runs, schedules, shrinkRuns, findings, seedsDone, wallMs, unconfirmed, null);
        }

        public boolean found() {
            return !findings.isEmpty();
        }
    }

    /**
     * What an exhaustive search covered.
     *
     * @param reduced     schedules of the reduced space (runs not blocked by their sleep sets)
     * @param full        schedules before reduction (every choice vector) when the search found nothing: the orders
     *                    of its runs ({@code orders}), or with {@link Settings#countByRunning} or runs past the
     *                    horizon, counted by a second, unreduced search; -1 when not counted
     * @param blocked     runs the reduced search made that every continuation of was explored already
     * @param pastHorizon runs with choice points past the horizon (those took the first option unbranched): 0 when
     *                    the count is every schedule of the scripts
     * @param horizon     the deepest choice point that branched
     * @param scripts     the scripts run, when every script was searched ({@link Settings#everyScript}); -1 when the
     *                    scripts were the seeds'
     * @param scriptsBeforeSymmetry the scripts those stand for, their clients renamed every way ({@link Symmetry});
     *                    equal to {@code scripts} without symmetry, -1 when the scripts were the seeds'
     * @param symmetric   whether scripts equal up to the clients' names were run once
     * @param orders      the schedules before reduction as the orders of the reduced search's unblocked runs count
     *                    them ({@link Orderings}): {@code full} itself unless {@link Settings#countByRunning}, when
     *                    the two are told side by side; -1 when not counted (a finding, or runs past the horizon,
     *                    where the unreduced search does not branch as the orders do)
     */
    public record Every(long reduced, long full, long blocked, long pastHorizon, int horizon, long scripts,
                        long scriptsBeforeSymmetry, boolean symmetric, long orders, long states, long cutShort) {

        /** Stateless. */
        public Every(long reduced, long full, long blocked, long pastHorizon, int horizon, long scripts,
                     long scriptsBeforeSymmetry, boolean symmetric, long orders) {
            this(reduced, full, blocked, pastHorizon, horizon, scripts, scriptsBeforeSymmetry, symmetric, orders, -1,
                    0);
        }

        /** Over the seeds' scripts. */
        public Every(long reduced, long full, long blocked, long pastHorizon, int horizon, long orders) {
            this(reduced, full, blocked, pastHorizon, horizon, -1, -1, false, orders);
        }

        /**
         * Whether the search was stateful ({@code states} explored whole, {@code cutShort} runs cut short at one of
         * them): then the scripts are not counted when a run was cut short (a state stands for the scripts below it
         * with the clients' names of its first meeting, not a count that adds up).
         */
        public boolean stateful() {
            return states >= 0;
        }

        /** Whether the scripts were counted: every script searched, and no run cut short by the state cache. */
        public boolean scriptsCounted() {
            return everyScript() && cutShort == 0;
        }

        /** Whether every script of the scope was searched, not the seeds' scripts. */
        public boolean everyScript() {
            return scripts >= 0 || stateful();
        }
    }

    private final Settings settings;
    /** The search's own server (the shrink's too); with workers side by side, started for the first shrink. */
    private RunsOnOneServer server;
    /** Each seed's run, when workers run them side by side; null when the search runs them itself. */
    private SeedsSideBySide<Ran> sideBySide;
    private final java.util.concurrent.atomic.AtomicInteger runNumber = new java.util.concurrent.atomic.AtomicInteger();

    private Explorer(Settings settings, RunsOnOneServer server) {
        this.settings = settings;
        this.server = server;
    }

    /** Searches as {@code settings} say, on a server of its own, and stops at the first finding. */
    public static Summary explore(Settings settings, Progress progress) throws Exception {
        return explore(settings, 1, progress);
    }

    /**
     * Searches as {@code settings} say with {@code workers} runs side by side, each worker on servers of its own
     * ({@link SeedsSideBySide}; 1: one run after another on one server; an exhaustive search is always one worker),
     * and stops at the lowest seed that fails. The summary and the files are the same whatever {@code workers}:
     * the seeds are taken back in order, and the shrink runs on one server of its own.
     */
    public static Summary explore(Settings settings, int workers, Progress progress) throws Exception {
        if (workers < 1) {
            throw new IllegalArgumentException("workers " + workers + " (expected 1 or more)");
        }
        if (workers == 1 || settings.exhaustive()) {
            try (RunsOnOneServer server = RunsOnOneServer.start(settings.ensemble())) {
                return new Explorer(settings, server).search(progress);
            }
        }
        Explorer explorer = new Explorer(settings, null);
        try (SeedsSideBySide<Ran> runs = SeedsSideBySide.start(workers, settings.ensemble(), settings.firstSeed(),
                settings.lastSeed(), explorer::runSeed)) {
            explorer.sideBySide = runs;
            return explorer.search(progress);
        } finally {
            if (explorer.server != null) {
                explorer.server.close();
            }
        }
    }

    /**
     * The first failing run of a random or PCT search, unshrunk: the seeds of {@code settings} in order, as
     * {@link #explore} runs them (the same runs whatever {@code workers}), stopping at the first run the checker
     * fails. For benchmarks of how hard a bug is to find, where a shrink per search would cost more than the search.
     */
    public static Optional<FirstFailure> firstFailure(Settings settings, int workers) throws Exception {
        if (settings.exhaustive()) {
            throw new IllegalArgumentException("firstFailure takes one schedule per seed (random or pct)");
        }
        long started = System.nanoTime();
        Explorer explorer = new Explorer(settings, null);
        if (workers <= 1) {
            try (RunsOnOneServer server = RunsOnOneServer.start(settings.ensemble())) {
                for (long seed = settings.firstSeed(); seed <= settings.lastSeed(); seed++) {
                    Optional<String> kind = failure(explorer.runSeed(server, seed).outcome());
                    if (kind.isPresent()) {
                        return Optional.of(new FirstFailure(seed, (int) (seed - settings.firstSeed() + 1),
                                kind.get(), elapsedMs(started)));
                    }
                }
            }
            return Optional.empty();
        }
        try (SeedsSideBySide<Ran> runs = SeedsSideBySide.start(workers, settings.ensemble(), settings.firstSeed(),
                settings.lastSeed(), explorer::runSeed)) {
            for (long seed = settings.firstSeed(); seed <= settings.lastSeed(); seed++) {
                Optional<String> kind = failure(runs.take(seed).outcome());
                if (kind.isPresent()) {
                    return Optional.of(new FirstFailure(seed, (int) (seed - settings.firstSeed() + 1), kind.get(),
                            elapsedMs(started)));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * How large the exhaustive search of {@code settings} is, without making it: {@code descents} random descents of
     * its tree ({@link SleepSets} with a probe; Knuth 1975), each one run. Each descent's weight, the product of the
     * branches at its points, is an unbiased estimate of the search's runs; weighted by not being blocked, of its
     * schedules; by its orders too ({@link Orderings}), of the schedules before reduction. The mean of each, and its
     * standard error, over the descents. The descents are drawn from {@code firstSeed}: the same settings, the same
     * estimate.
     */
    public static Estimate estimate(Settings settings, int descents, Progress progress) throws Exception {
        if (!settings.exhaustive() || descents < 2) {
            throw new IllegalArgumentException("an estimate takes the exhaustive strategy and 2 or more descents");
        }
        try (RunsOnOneServer server = RunsOnOneServer.start(settings.ensemble())) {
            return new Explorer(settings, server).estimate(descents, progress);
        }
    }

    /**
     * An estimate of an exhaustive search's size: means over {@code descents} random descents and their standard
     * errors; {@code failed} descents whose run the checker failed (a finding the search itself would shrink).
     */
    public record Estimate(int descents, double runs, double runsError, double schedules, double schedulesError,
                           double full, double fullError, int failed, long wallMs, String census) {

        /** Runs a second the descents made (each descent is one run). */
        public double runsPerSecond() {
            return descents * 1000.0 / Math.max(1, wallMs);
        }
    }

    private Estimate estimate(int descents, Progress progress) throws Exception {
        long started = System.nanoTime();
        java.util.Random probe = new java.util.Random(settings.firstSeed());
        double[] sum = new double[3];
        double[] squares = new double[3];
        int failed = 0;
        SeenStates seen = settings.stateful() ? new SeenStates() : null;
        for (int i = 0; i < descents; i++) {
            SleepSets choices = new SleepSets(new int[0], settings.horizon(), true, probe);
            if (seen != null) {
                choices.statesSeen(seen);
            }
            ScriptGenerator script = settings.everyScript() ? everyScript(choices) : generator(settings.firstSeed());
            RunsOnOneServer.Outcome outcome = run(server, settings.clientNames(), settings.firstSeed(), choices,
                    script);
            failed += failure(outcome).isPresent() ? 1 : 0;
            double weight = choices.weight();
            if (seen != null) {
                seen.passed(choices.passedKeys(), choices.passedWeights(), weight);
            }
            double[] x = {weight, choices.blocked() ? 0 : weight, choices.blocked() ? 0 : weight * choices.orders()};
            for (int k = 0; k < 3; k++) {
                sum[k] += x[k];
                squares[k] += x[k] * x[k];
            }
            progress.ran(i + 1, descents, i + 1, failed, elapsedMs(started));
        }
        double[] mean = new double[3];
        double[] error = new double[3];
        for (int k = 0; k < 3; k++) {
            mean[k] = sum[k] / descents;
            double variance = Math.max(0, (squares[k] - descents * mean[k] * mean[k]) / (descents - 1));
            error[k] = Math.sqrt(variance / descents);
        }
        return new Estimate(descents, mean[0], error[0], mean[1], error[1], mean[2], error[2], failed,
                elapsedMs(started), seen == null ? "" : seen.census());
    }

    /** A search's first failing run: its seed, how many runs it took (that one included), its kind, the time. */
    public record FirstFailure(long seed, int runs, String kind, long wallMs) {
    }

    /**
     * Workers a search uses unless told: three a core, at most {@value #MOST_DEFAULT_WORKERS} (a run spends most of
     * its time waiting for round trips, session opens and server restarts, so one worker a core leaves the cores
     * idle; on 2 cores, 6 workers ran 200 seeds about as fast as 8, and faster than 4); one on an embedded ensemble
     * (each worker would start an ensemble of its own, and elections among many servers in one loaded JVM are slow).
     */
    public static int defaultWorkers(int ensemble) {
        return ensemble > 1 ? 1 : Math.min(MOST_DEFAULT_WORKERS, 3 * Runtime.getRuntime().availableProcessors());
    }

    /** One seed's run as the search makes it: its script, the choices it took, how it went. */
    private record Ran(ScriptGenerator script, ChoiceVector choices, RunsOnOneServer.Outcome outcome) {
    }

    /** Seed {@code seed}'s generated script and its schedule by the strategy (random or PCT), run on {@code servers}. */
    private Ran runSeed(RunsOnOneServer servers, long seed) throws Exception {
        ScriptGenerator script = generator(seed);
        ChoiceVector choices = new ChoiceVector(new int[0], settings.strategy() == Strategy.PCT
                ? new PctScheduler(seed, settings.clientNames(), settings.depth(), settings.pctSteps())
                : new SeededScheduler(seed, true));
        return new Ran(script, choices, run(servers, settings.clientNames(), seed, choices, script));
    }

    private Summary search(Progress progress) throws Exception {
        if (settings.exhaustive()) {
            return searchEverySchedule(progress);
        }
        long started = System.nanoTime();
        Set<String> schedules = new HashSet<>();
        int runs = 0;
        long seeds = settings.lastSeed() - settings.firstSeed() + 1;
        long seedsDone = 0;
        int shrinkRuns = 0;
        List<Counterexample> unconfirmed = new java.util.ArrayList<>();
        for (long seed = settings.firstSeed(); seedsDone < seeds; seed++) {
            Ran ran = sideBySide != null ? sideBySide.take(seed) : runSeed(server, seed);
            runs++;
            schedules.add(scheduleOf(ran.script(), ran.choices().taken()));
            Optional<String> kind = failure(ran.outcome());
            if (kind.isPresent()) {
                Counterexample shrunk = shrinkAndWrite(ran.script(), ran.choices().taken(), kind.get(), seed,
                        progress);
                shrinkRuns += shrunk.shrinkRuns();
                if (confirmed(shrunk, unconfirmed)) {
                    progress.ran(seedsDone + 1, seeds, runs, 1, elapsedMs(started));
                    return new Summary(settings.algorithm().name(), runs, schedules.size(), shrinkRuns,
                            List.of(shrunk), seedsDone + 1, elapsedMs(started), unconfirmed);
                }
            }
            seedsDone++;
            progress.ran(seedsDone, seeds, runs, 0, elapsedMs(started));
        }
        return new Summary(settings.algorithm().name(), runs, schedules.size(), shrinkRuns, List.of(), seedsDone,
                elapsedMs(started), unconfirmed);
    }

    /**
     * Every schedule of each seed's script (or every script), depth first with sleep sets ({@link SleepSets}) and,
     * unless {@link Settings#reduction} says sleep, source sets ({@link SourceSets}: one tree per script, or one for
     * every script); when that finds nothing, the space before reduction is the sum of the orders of its unblocked runs
     * ({@link Orderings}). With {@link Settings#countByRunning}, or when runs went past the horizon, the same space
     * is run again without reduction, to count it (and, should it fail where the reduced search did not, to hand
     * that over too: a reduction that hid a finding would show there).
     */
    private Summary searchEverySchedule(Progress progress) throws Exception {
        long started = System.nanoTime();
        long seeds = settings.everyScript() ? 1 : settings.lastSeed() - settings.firstSeed() + 1;
        java.util.Map<List<String>, Integer> scripts = new java.util.HashMap<>(); // each script run, its family
        Set<String> schedules = new HashSet<>();
        int[] runs = {0};
        int[] shrinkRuns = {0};
        List<Counterexample> unconfirmed = new java.util.ArrayList<>();
        long[] counts = new long[4]; // reduced, full, blocked, past the horizon
        long orders = 0; // the unreduced runs the reduced search's unblocked runs stand for (Orderings)
        SeenStates seen = settings.stateful() ? new SeenStates() : null;
        for (boolean reduce : new boolean[] {true, false}) {
            if (!reduce && !settings.countByRunning() && counts[3] == 0) {
                // Every unblocked run of the reduced search is one Mazurkiewicz trace, and each order of its steps
                // is one run of the unreduced search (docs/design/search.md): counted, not run. Past the horizon
                // the unreduced search does not branch where the orders would: it is run, as before.
                counts[1] = orders;
                break;
            }
            for (long seed = settings.firstSeed(), done = 0; done < seeds; seed++, done++) {
                int[] given = new int[0];
                // One tree per script (or for every script): its points of the current prefix, run after run.
                SourceSets tree = reduce && settings.reduction() == Reduction.SOURCE ? new SourceSets() : null;
                while (given != null) {
                    SleepSets choices = new SleepSets(given, settings.horizon(), reduce);
                    if (tree != null) {
                        choices.sourceSets(tree);
                    }
                    if (reduce && seen != null) {
                        choices.statesSeen(seen);
                    }
                    ScriptGenerator script = settings.everyScript() ? everyScript(choices) : generator(seed);
                    RunsOnOneServer.Outcome outcome = run(server, settings.clientNames(), seed, choices, script);
                    runs[0]++;
                    if (reduce && choices.cut() != null) {
                        // Cut short at a state explored whole: it stands for that state's schedules and orders.
                        SeenStates.Counts cut = choices.cut();
                        counts[0] = Math.addExact(counts[0], cut.schedules());
                        orders = Math.addExact(orders, Math.multiplyExact(choices.ordersFrom(0), cut.orders()));
                    } else if (reduce) {
                        counts[choices.blocked() ? 2 : 0]++;
                        counts[3] += choices.pastHorizon() ? 1 : 0;
                        orders = choices.blocked() ? orders : Math.addExact(orders, choices.orders());
                        schedules.add(scheduleOf(script, choices.schedule()));
                        if (settings.everyScript()) {
                            List<Step> lines = script.enumerated();
                            scripts.computeIfAbsent(lines.stream().map(Step::text).toList(), k -> settings.symmetric()
                                    ? Symmetry.family(lines, settings.clientNames()) : 1);
                        }
                    } else {
                        counts[1]++;
                    }
                    Optional<String> kind = failure(outcome);
                    if (kind.isPresent()) {
                        Counterexample shrunk = shrinkAndWrite(script, choices.schedule(), kind.get(), seed,
                                progress);
                        shrinkRuns[0] += shrunk.shrinkRuns();
                        if (confirmed(shrunk, unconfirmed)) {
                            progress.ran(done + 1, seeds, runs[0], 1, elapsedMs(started));
                            return new Summary(settings.algorithm().name(), runs[0], schedules.size(), shrinkRuns[0],
                                    List.of(shrunk), done + 1, elapsedMs(started), unconfirmed,
                                    every(counts, reduce ? -1 : counts[1], scripts, -1, seen));
                        }
                    }
                    given = choices.next();
                    if (reduce && seen != null) {
                        seen.ran(choices);
                        seen.next(given);
                    }
                    progress.ran(done, seeds, runs[0], 0, elapsedMs(started));
                }
                progress.ran(done + 1, seeds, runs[0], 0, elapsedMs(started));
            }
        }
        return new Summary(settings.algorithm().name(), runs[0], schedules.size(), shrinkRuns[0], List.of(), seeds,
                elapsedMs(started), unconfirmed, every(counts, counts[1], scripts,
                counts[3] > 0 ? -1 : orders, seen));
    }

    private Every every(long[] counts, long full, java.util.Map<List<String>, Integer> scripts, long orders,
                        SeenStates seen) {
        if (!settings.everyScript()) {
            return new Every(counts[0], full, counts[2], counts[3], settings.horizon(), orders);
        }
        boolean counted = seen == null || seen.cutShort() == 0;
        return new Every(counts[0], full, counts[2], counts[3], settings.horizon(), counted ? scripts.size() : -1,
                counted ? scripts.values().stream().mapToLong(Integer::longValue).sum() : -1,
                settings.symmetric() || settings.statesSymmetric(),
                orders, seen == null ? -1 : seen.size(), seen == null ? 0 : seen.cutShort());
    }

    /** A script that {@code choices} picks line by line among every line that fits. */
    private ScriptGenerator everyScript(SleepSets choices) {
        return ScriptGenerator.everyScript(choices, settings.clientNames(), settings.faults(), settings.maxSteps(),
                settings.algorithm().isShared(), settings.algorithm().has(lockstep.algorithms.Flag.REENTRANT),
                locksFor(settings.algorithm()), settings.symmetric(), settings.statesSymmetric());
    }

    private static String scheduleOf(ScriptGenerator script, int[] taken) {
        return script.lines().stream().map(Step::text).toList() + java.util.Arrays.toString(taken);
    }

    /**
     * Whether a shrunk failure showed again from its own files (on a fresh server); one that did not is not handed
     * over as found: it is told apart, its files removed, and the search goes on.
     */
    private static boolean confirmed(Counterexample shrunk, List<Counterexample> unconfirmed) throws Exception {
        if (shrunk.reproduced() && shrunk.replays()) {
            return true;
        }
        unconfirmed.add(shrunk);
        java.nio.file.Files.deleteIfExists(shrunk.scenario());
        java.nio.file.Files.deleteIfExists(shrunk.trace());
        java.nio.file.Files.deleteIfExists(shrunk.page());
        return false;
    }

    private ScriptGenerator generator(long seed) {
        return new ScriptGenerator(seed, settings.clientNames(), settings.faults(), settings.maxSteps(),
                settings.algorithm().isShared(), settings.algorithm().has(lockstep.algorithms.Flag.REENTRANT),
                locksFor(settings.algorithm()));
    }

    private RunsOnOneServer.Outcome run(RunsOnOneServer servers, List<String> clients, long seed,
                                        lockstep.simulator.schedule.Scheduler choices,
                                        lockstep.simulator.run.StepSource steps)
            throws Exception {
        // A source of its own gives each run a lock path of its own on the shared server.
        Scenario scenario = new Scenario("explore-" + runNumber.incrementAndGet(), "explore "
                + settings.algorithm().name(), "", seed, clients, List.of(), true).withEnsemble(settings.ensemble())
                .withPermits(permitsFor(settings.algorithm())).withLocks(locksFor(settings.algorithm()))
                .withLockPathMade(settings.lockPathMade());
        return servers.run(scenario, settings.algorithm(), seed, choices, steps);
    }

    /**
     * The permits a search gives a lock: two for a semaphore (so that holders share it and a free permit can be
     * missed), one for any other lock.
     */
    static int permitsFor(Algorithms.Info algorithm) {
        return algorithm.has(lockstep.algorithms.Flag.PERMITS) ? 2 : 1;
    }

    /**
     * The named locks a search gives a lock: two for a multi-lock (so that clients can ask for them in opposite
     * orders), none for any other lock.
     */
    static List<String> locksFor(Algorithms.Info algorithm) {
        return algorithm.has(lockstep.algorithms.Flag.MULTI) ? List.of("A", "B") : List.of();
    }

    /** The search's own server, started for the first shrink when the seeds ran on the workers' servers. */
    private RunsOnOneServer server() throws Exception {
        if (server == null) {
            server = RunsOnOneServer.start(settings.ensemble());
        }
        return server;
    }

    private Counterexample shrinkAndWrite(ScriptGenerator script, int[] taken, String kind, long seed,
                                          Progress progress) throws Exception {
        Candidate found = new Candidate(settings.clientNames(), script.lines(), ChoiceVector.trimmed(taken));
        long started = System.nanoTime();
        int[] tried = {0};
        Candidate[] smallest = {found};
        Shrinker shrinker = new Shrinker(candidate -> {
            tried[0]++;
            ChoiceVector choices = ChoiceVector.of(candidate.vector());
            java.util.Iterator<Step> lines = candidate.script().iterator();
            RunsOnOneServer.Outcome outcome = run(server(), candidate.clients(), seed, choices,
                    state -> lines.hasNext() ? lines.next() : null);
            boolean fails = !outcome.refused() && !stalled(outcome.trace()) && putBack(outcome.trace())
                    && hasKind(outcome, kind);
            if (fails) {
                smallest[0] = candidate; // the shrinker keeps every smaller run that still fails
            }
            progress.shrinking(seed, tried[0], SHRINK_BUDGET, smallest[0].clients().size(),
                    smallest[0].script().size(), elapsedMs(started));
            return fails ? Optional.of(ChoiceVector.trimmed(choices.taken())) : Optional.empty();
        }, SHRINK_BUDGET);
        Candidate shrunk = shrinker.shrink(found);
        return Counterexample.write(settings.algorithm(), seed, kind, found, shrunk, shrinker.runs(),
                settings.out(), settings.ensemble(), settings.lockPathMade());
    }

    private static boolean hasKind(RunsOnOneServer.Outcome outcome, String kind) {
        return Checker.failures(outcome.trace()).stream().anyMatch(f -> f.kind().equals(kind));
    }

    /**
     * The kind of the run's first failure, if it is one: the run took every line and ended with the world put back
     * (servers up, no client paused or cut off).
     */
    static Optional<String> failure(RunsOnOneServer.Outcome outcome) {
        if (outcome.refused() || stalled(outcome.trace()) || !putBack(outcome.trace())) {
            return Optional.empty();
        }
        return Checker.failures(outcome.trace()).stream().map(Finding::kind).findFirst();
    }

    /** A run Lockstep stalled is its own failure: never handed over, nor shrunk to, as the lock's counterexample. */
    private static boolean stalled(List<Event> trace) {
        return trace.get(trace.size() - 1) instanceof Event.RunEnded ended && ended.stalled();
    }

    private static boolean putBack(List<Event> trace) {
        LiveReplay live = LiveReplay.startingWith(trace.get(0));
        trace.subList(1, trace.size()).forEach(live::apply);
        ReplayState end = live.state();
        return end.serverRunning() && end.clients().values().stream().allMatch(c -> !c.paused()
                && (c.connection() != ConnectionState.DISCONNECTED || c.state() == Event.State.CRASHED
                || !c.sessionAlive()));
    }

    private static long elapsedMs(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }
}
