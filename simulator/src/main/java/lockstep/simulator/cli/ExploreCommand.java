package lockstep.simulator.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.BadInputException;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.explore.Counterexample;
import lockstep.simulator.explore.Explorer;
import lockstep.simulator.explore.Reduction;
import lockstep.simulator.explore.SelfCheck;
import lockstep.simulator.explore.Strategy;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.files.SafeFiles;
import lockstep.simulator.text.SimulatorTexts;
import lockstep.simulator.trace.TraceFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep explore}: a search over scripts, schedules and faults for a run the checker fails; the first one
 * found is shrunk and written as a scenario and its trace, which {@code lockstep run FILE --schedule TRACE} replays.
 */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = "Search scripts, schedules and faults for a run the checker fails; shrink the first one found "
                + "and write it as a scenario and a trace that replay it.",
        footer = {"", "Examples:",
                "  lockstep explore --algorithm sequential --seeds 1..1000",
                "  lockstep explore --algorithm rwlock --clients 4 --faults crash,expire,give-up",
                "  lockstep explore --algorithm naive --clients 2 --faults none --max-steps 3 --exhaustive",
                "  lockstep explore --algorithm bug-exists-stall --strategy pct --depth 3",
                "  lockstep explore --self-check --seeds 1..200",
                "",
                "What a generated script does not do: pile a second fault on a client that is",
                "disconnected or paused (expire, crash, give-up ... on it wait until it is back),",
                "stop or restart the servers while a client is disconnected or paused, or make a",
                "client whose session has ended write. Those runs cannot be driven to a stable point",
                "(an expiry reaches the server through the client's own cut link) or teach nothing of",
                "the lock; scenarios can still use them.",
                "",
                "Strategies: random (one seeded schedule per seed), pct (probabilistic concurrency",
                "testing: random client priorities, --depth minus one change points), exhaustive (every",
                "script of up to S lines, up to client names, under every schedule, or with --seeds each",
                "seed's script; options that commute are tried in one order; counts before both printed).",
                "",
                "Exit codes: 0 no finding, 1 a finding (shrunk and written to --out), 2 bad input,",
                "3 internal error. With --self-check: 0 every bug-* found, 1 one was not."})
final class ExploreCommand implements Callable<Integer> {

    static final String DEFAULT_OUT = "lockstep-explore";
    private static final Pattern RANGE = Pattern.compile("(\\d{1,18})(?:\\.\\.(\\d{1,18}))?");
    private static final int MAX_CLIENTS = 16;
    private static final int MAX_STEPS = 100;
    private static final int MAX_WORKERS = 64;
    private static final int MAX_DEPTH = 10;
    /** The most clients a search of every script takes (its symmetry compares every renaming: N! of them). */
    private static final int MAX_EVERY_SCRIPT_CLIENTS = 6;
    /** Seeds per bug a self-check tries unless told (every bug was caught within 200 with 4 clients). */
    private static final long SELF_CHECK_SEEDS = 200;
    /** Clients of a self-check unless told. */
    private static final int SELF_CHECK_CLIENTS = 4;
    /** How often a search whose stderr is not a terminal reports progress. */
    private static final long QUIET_PROGRESS_MS = 10_000;

    @Spec
    CommandSpec spec;

    @Option(names = {"-a", "--algorithm"}, paramLabel = "NAME",
            description = "The algorithm to search (see lockstep list).")
    String algorithm;

    @picocli.CommandLine.Mixin
    LockOptions locks = new LockOptions();

    @Option(names = "--clients", paramLabel = "N", defaultValue = "3",
            description = "How many clients, c1..cN (default ${DEFAULT-VALUE}, at most " + MAX_CLIENTS + ").")
    int clients;

    @Option(names = "--faults", split = ",", paramLabel = "NAME",
            description = "The faults a script may use, comma-separated fault names (default: all; 'none' for "
                    + "none; see lockstep list).")
    List<String> faults;

    @Option(names = "--seeds", paramLabel = "A..B",
            description = "The seeds to try, one script and schedule each: A..B, or N for 1..N (default 1..100); "
                    + "with --exhaustive, every schedule of each seed's script instead of every script.")
    String seeds;

    @Option(names = "--strategy", paramLabel = "NAME",
            description = "How schedules are picked: random (default), pct or exhaustive.")
    String strategy;

    @Option(names = "--exhaustive",
            description = "Short for --strategy exhaustive: every script of up to S lines (--max-steps) over the "
                    + "clients, up to their names, under every schedule; with --seeds, the script of each seed. For "
                    + "small scopes.")
    boolean exhaustive;

    @Option(names = "--depth", paramLabel = "D", defaultValue = "3",
            description = "With --strategy pct, the bug depth aimed at: D-1 priority change points a run (default "
                    + "${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--self-check",
            description = "Search every bug-* algorithm of the registry with these settings instead of one lock; exit "
                    + "1 unless each is found.")
    boolean selfCheck;

    @Option(names = "--max-steps", paramLabel = "S", defaultValue = "6",
            description = "Script lines per run before the closing ones (default ${DEFAULT-VALUE}); with "
                    + "--exhaustive, choice points deeper than S*8 take the first option.")
    int maxSteps;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where a counterexample's scenario and trace go (default ./" + DEFAULT_OUT + ").")
    Path out;

    @Option(names = "--ensemble", paramLabel = "1|3|5",
            description = "Search on an embedded ensemble of 3 or 5 servers (default 1: one server), started once: "
                    + "scripts may then kill the leader or a server, restart one, and move a client; a finding's "
                    + "scenario says ensemble: N.")
    Integer ensemble;

    @Option(names = "--workers", paramLabel = "K",
            description = "Runs side by side, each worker on a server of its own (default: from the number of "
                    + "cores; 1 with --ensemble or --exhaustive; 1: one run after another). The findings and files "
                    + "do not depend on it.")
    Integer workers;

    @Option(names = "--count-by-running",
            description = "With --exhaustive, count the schedules before reduction by running them all again "
                    + "without reduction, as the search once did (slow: a check of the count it makes from the "
                    + "reduced search's runs).")
    boolean countByRunning;

    @Option(names = "--reduction", paramLabel = "NAME",
            description = "With --exhaustive, how runs equivalent to one explored are left out: source (default: "
                    + "source sets and sleep sets, a point tries only what the races found ask for) or sleep (sleep "
                    + "sets alone, as before). The same schedules and counts either way; sleep makes more runs.")
    String reduction;

    @Option(names = "--lock-path", paramLabel = "fresh|made",
            description = "Whether each run's lock path is there before its first line: made (the default with "
                    + "--exhaustive: a lock in use, as after its first acquire) or fresh (the default otherwise: the "
                    + "first acquires race to make its parents, which multiplies the first line's schedules).")
    String lockPath;

    @Option(names = "--stateless",
            description = "With --exhaustive (every script), explore a script line's state again each time a run "
                    + "reaches it, and run one script of each family of renamings, as the search did before its "
                    + "state cache (a check of the stateful search's counts and findings).")
    boolean stateless;

    @Option(names = "--no-symmetry",
            description = "With --exhaustive --stateless (every script), run every naming of the clients rather than "
                    + "one script of each family of renamings, as the stateful search does: a check of its counts.")
    boolean noSymmetry;

    @Option(names = "--estimate", paramLabel = "N",
            description = "With --exhaustive (every script), do not search: estimate how large the search is from N "
                    + "random descents of its tree, one run each (Knuth's estimator), and how long it would take.")
    Integer estimate;

    @Option(names = "--json", description = "Print one JSON document on stdout instead of the summary.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Strategy chosenStrategy = strategy();
        if (depth < 1 || depth > MAX_DEPTH) {
            throw bad("--depth", SimulatorTexts.text("explore.outOfRange", depth, MAX_DEPTH));
        }
        if (selfCheck) {
            return selfCheck(chosenStrategy);
        }
        List<String> lockNames = locks.add();
        if (algorithm == null && lockNames.size() == 1) {
            algorithm = lockNames.get(0);
        } else if (algorithm == null || lockNames.size() > 1 || !lockNames.isEmpty() && !lockNames.contains(algorithm)) {
            throw bad(algorithm == null && lockNames.isEmpty() ? "--algorithm" : "--lock",
                    SimulatorTexts.text("explore.oneAlgorithm"));
        }
        Algorithms.Info info = Algorithms.find(algorithm.strip()).orElseThrow(() -> bad("--algorithm",
                SimulatorTexts.text("run.unknownAlgorithm", algorithm, String.join(", ", Algorithms.names()))));
        if (clients < 1 || clients > MAX_CLIENTS) {
            throw bad("--clients", SimulatorTexts.text("explore.outOfRange", clients, MAX_CLIENTS));
        }
        if (maxSteps < 1 || maxSteps > MAX_STEPS) {
            throw bad("--max-steps", SimulatorTexts.text("explore.outOfRange", maxSteps, MAX_STEPS));
        }
        if (ensemble != null && !lockstep.simulator.scenario.Scenario.ENSEMBLE_SIZES.contains(ensemble)) {
            throw bad("--ensemble", SimulatorTexts.text("options.ensembleSize", ensemble));
        }
        if (workers != null && (workers < 1 || workers > MAX_WORKERS)) {
            throw bad("--workers", workers + " is out of range (expected 1.." + MAX_WORKERS + ")");
        }
        boolean everyScript = chosenStrategy == Strategy.EXHAUSTIVE && seeds == null;
        Reduction chosenReduction = reduction(chosenStrategy);
        boolean lockPathMade = lockPathMade(chosenStrategy);
        if (everyScript && clients > MAX_EVERY_SCRIPT_CLIENTS) {
            throw bad("--clients", SimulatorTexts.text("explore.outOfRange", clients, MAX_EVERY_SCRIPT_CLIENTS));
        }
        long[] range = everyScript ? new long[] {1, 1} : seedRange();
        List<Fault> chosen = faults();
        Path directory = out == null ? Path.of(DEFAULT_OUT) : out;
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw bad("--out", SimulatorTexts.text("explore.outIsAFile", directory));
        }
        // Checked before the search, by the rules every command's output follows (the path as the system resolves
        // it, never normalized): a search must not end in a place it cannot write.
        String refused = SafeFiles.problem(Files.isDirectory(directory) ? directory.resolve(".lockstep-probe")
                : directory);
        if (refused != null) {
            throw bad("--out", directory + ": " + refused);
        }

        PrintWriter err = spec.commandLine().getErr();
        int servers = ensemble == null ? 1 : ensemble;
        if (estimate != null) {
            if (!everyScript || estimate < 2) {
                throw bad("--estimate", SimulatorTexts.text("explore.estimate.needsEveryScript"));
            }
            Explorer.Estimate size = Explorer.estimate(new Explorer.Settings(info, clients, chosen, range[0],
                    range[1], chosenStrategy, maxSteps, directory, servers, depth, true, false, stateless, noSymmetry,
                    Reduction.SOURCE, lockPathMade), estimate,
                    progress(err, Boolean.TRUE));
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.println(estimateSentence(size, new Scope(clients, maxSteps, chosen, range[0], range[1], true,
                    lockPathMade)));
            if (!size.census().isEmpty()) {
                stdout.println(size.census());
            }
            stdout.flush();
            return size.failed() > 0 ? LockstepCommand.FINDING : LockstepCommand.OK;
        }
        Explorer.Summary summary = Explorer.explore(new Explorer.Settings(info, clients, chosen, range[0], range[1],
                chosenStrategy, maxSteps, directory, servers, depth, everyScript, countByRunning, stateless, noSymmetry,
                chosenReduction, lockPathMade),
                workers != null
                ? workers : Explorer.defaultWorkers(servers), progress(err, everyScript ? Boolean.FALSE : null));
        PrintWriter stdout = spec.commandLine().getOut();
        Scope scope = new Scope(clients, maxSteps, chosen, range[0], range[1], everyScript, lockPathMade);
        stdout.println(json ? json(summary, scope) : text(summary, chosen, scope));
        stdout.flush();
        return summary.found() ? LockstepCommand.FINDING : LockstepCommand.OK;
    }

    /** The strategy asked for: --strategy, or --exhaustive for short (not both unless they agree). */
    private Strategy strategy() {
        if (strategy == null) {
            return exhaustive ? Strategy.EXHAUSTIVE : Strategy.RANDOM;
        }
        Strategy named = Strategy.byWord(strategy.strip()).orElseThrow(() -> bad("--strategy",
                SimulatorTexts.text("explore.unknownStrategy", strategy.strip(), String.join(", ", Strategy.words()))));
        if (exhaustive && named != Strategy.EXHAUSTIVE) {
            throw bad("--exhaustive", SimulatorTexts.text("explore.twoStrategies", named.word()));
        }
        return named;
    }

    /** The reduction asked for: --reduction (with the exhaustive strategy only), source sets unless told. */
    private Reduction reduction(Strategy chosenStrategy) {
        if (reduction == null) {
            return Reduction.SOURCE;
        }
        Reduction named = Reduction.byWord(reduction.strip()).orElseThrow(() -> bad("--reduction",
                SimulatorTexts.text("explore.unknownReduction", reduction.strip(),
                        String.join(", ", Reduction.words()))));
        if (chosenStrategy != Strategy.EXHAUSTIVE) {
            throw bad("--reduction", SimulatorTexts.text("explore.reductionNeedsExhaustive"));
        }
        return named;
    }

    /** The words of --lock-path: the lock's path made before the first line, or left to the first acquires. */
    static final List<String> LOCK_PATHS = List.of("made", "fresh");

    /** Whether the lock's path is made before each run's first line: --lock-path, else with the exhaustive search. */
    private boolean lockPathMade(Strategy chosenStrategy) {
        if (lockPath == null) {
            return chosenStrategy == Strategy.EXHAUSTIVE;
        }
        if (!LOCK_PATHS.contains(lockPath.strip())) {
            throw bad("--lock-path", SimulatorTexts.text("explore.unknownLockPath", lockPath.strip(),
                    String.join(", ", LOCK_PATHS)));
        }
        return lockPath.strip().equals(LOCK_PATHS.get(0));
    }

    /**
     * {@code --self-check}: every {@code bug-*} of the registry searched with these settings, a line each; 0 when
     * each was found, 1 when one was not.
     */
    private int selfCheck(Strategy chosenStrategy) throws Exception {
        if (algorithm != null || !locks.add().isEmpty()) {
            throw bad("--self-check", SimulatorTexts.text("explore.selfCheckAlone"));
        }
        if (clients < 1 || clients > MAX_CLIENTS) {
            throw bad("--clients", SimulatorTexts.text("explore.outOfRange", clients, MAX_CLIENTS));
        }
        if (maxSteps < 1 || maxSteps > MAX_STEPS) {
            throw bad("--max-steps", SimulatorTexts.text("explore.outOfRange", maxSteps, MAX_STEPS));
        }
        if (workers != null && (workers < 1 || workers > MAX_WORKERS)) {
            throw bad("--workers", workers + " is out of range (expected 1.." + MAX_WORKERS + ")");
        }
        long[] range = seeds == null ? new long[] {1, SELF_CHECK_SEEDS} : seedRange();
        // Four clients unless told, as bench explore searches the gallery: a semaphore's bug needs two holders and
        // a waiter behind them besides the client that races them.
        int size = spec.commandLine().getParseResult().hasMatchedOption("--clients") ? clients : SELF_CHECK_CLIENTS;
        List<Fault> chosen = faults();
        Path directory = out == null ? Path.of(DEFAULT_OUT) : out;
        PrintWriter stdout = spec.commandLine().getOut();
        List<SelfCheck.Result> results = SelfCheck.check(SelfCheck.gallery(), new SelfCheck.Budget(size, chosen,
                range[0], range[1], chosenStrategy, maxSteps, depth, directory, workers != null ? workers
                : Explorer.defaultWorkers(1)), result -> {
                    stdout.println(selfCheckLine(result, range));
                    stdout.flush();
                });
        boolean passed = SelfCheck.passed(results);
        stdout.println(SimulatorTexts.text(passed ? "explore.selfCheck.passed" : "explore.selfCheck.failed",
                results.stream().filter(SelfCheck.Result::found).count(), results.size(), chosenStrategy.word()));
        stdout.flush();
        return SelfCheck.exitCode(results);
    }

    private static String selfCheckLine(SelfCheck.Result result, long[] range) {
        Explorer.Summary summary = result.summary();
        if (!result.found()) {
            return SimulatorTexts.text("explore.selfCheck.missed", result.bug().name(), String.valueOf(range[0]),
                    String.valueOf(range[1]), summary.runs());
        }
        Counterexample found = summary.findings().get(0);
        return SimulatorTexts.text("explore.selfCheck.found", result.bug().name(), found.kind(),
                String.valueOf(found.seed()),
                summary.runs(), found.clients(), found.lines());
    }

    /** What an exhaustive search covered, for its closing sentence. */
    private record Scope(int clients, int lines, List<Fault> faults, long firstSeed, long lastSeed,
                         boolean everyScript, boolean lockPathMade) {
    }

    private long[] seedRange() {
        if (seeds == null) {
            return new long[] {1, 100};
        }
        Matcher matcher = RANGE.matcher(seeds.strip());
        if (!matcher.matches()) {
            throw bad("--seeds", SimulatorTexts.text("explore.notARange", seeds));
        }
        long first = matcher.group(2) == null ? 1 : Long.parseLong(matcher.group(1));
        long last = Long.parseLong(matcher.group(2) == null ? matcher.group(1) : matcher.group(2));
        if (last < first) {
            throw bad("--seeds", SimulatorTexts.text("explore.emptyRange", seeds));
        }
        return new long[] {first, last};
    }

    private List<Fault> faults() {
        if (faults == null) {
            return Faults.all();
        }
        List<String> known = Faults.all().stream().map(Fault::name).toList();
        if (faults.size() == 1 && faults.get(0).strip().equals("none")) {
            return List.of();
        }
        List<Fault> chosen = new ArrayList<>();
        for (String name : faults) {
            Fault fault = Faults.byName(name.strip()).orElseThrow(() -> bad("--faults", SimulatorTexts.text("explore.unknownFault",
                    name.strip(), String.join(", ", known))));
            if (!chosen.contains(fault)) {
                chosen.add(fault);
            }
        }
        return chosen;
    }

    private OneLineErrors.BadOption bad(String option, String message) {
        return new OneLineErrors.BadOption(spec.commandLine(), option, message);
    }

    /**
     * On a terminal, one line redrawn a few times a second; otherwise a line every few seconds of a long search, and
     * of the shrink that follows a finding (it can take minutes).
     */
    /** {@code everyScript}: null for seeds, false for the search of every script, true for its estimate. */
    private static Explorer.Progress progress(PrintWriter err, Boolean everyScript) {
        boolean terminal = System.console() != null;
        long every = terminal ? 250 : QUIET_PROGRESS_MS;
        long[] shownAt = {0};
        boolean[] drew = {false};
        return new Explorer.Progress() {
            @Override
            public void ran(long seedsDone, long seeds, int runs, int findings, long elapsedMs) {
                boolean last = seedsDone == seeds || findings > 0;
                if (elapsedMs - shownAt[0] < every && !(last && drew[0])) {
                    return;
                }
                shownAt[0] = elapsedMs;
                String rate = String.format(Locale.ROOT, "%.1f", runs * 1000.0 / Math.max(1, elapsedMs));
                // Every script is one tree, not seeds: "0/1 seeds" would say nothing of how far it got.
                show(everyScript == null ? SimulatorTexts.text("explore.progress", seedsDone, seeds, runs, findings,
                        rate) : everyScript ? SimulatorTexts.text("explore.progress.estimate", seedsDone, seeds,
                        findings, rate) : SimulatorTexts.text("explore.progress.everyScript", runs, findings, rate),
                        last);
            }

            @Override
            public void shrinking(long seed, int runs, int budget, int clients, int lines, long elapsedMs) {
                if (runs == 1) {
                    shrinkShownAt[0] = 0; // each shrink counts its time from its own start
                }
                if (elapsedMs - shrinkShownAt[0] < every) {
                    return;
                }
                shrinkShownAt[0] = elapsedMs;
                show(SimulatorTexts.text("explore.shrinking", seed, runs, budget, clients, lines,
                        String.format(Locale.ROOT, "%.0f", elapsedMs / 1000.0)), false);
            }

            private final long[] shrinkShownAt = {0};

            private void show(String line, boolean last) {
                if (terminal) {
                    err.print("\r" + line + (last ? "\n" : ""));
                } else {
                    err.println(line);
                }
                drew[0] = !last;
                err.flush();
            }
        };
    }

    /**
     * The finding's sentence in the current language, read again from the trace it wrote (the counterexample keeps
     * the English one, for the JSON document); the English one when that trace does not show it.
     */
    private static String localMessage(Counterexample found) {
        if (!found.reproduced()) {
            return SimulatorTexts.text("explore.notShownOnFresh");
        }
        try {
            return Checker.failures(TraceFiles.read(found.trace())).stream()
                    .filter(f -> f.kind().equals(found.kind())).findFirst()
                    .map(Finding::localMessage).orElse(found.message());
        } catch (BadInputException unreadable) {
            return found.message();
        }
    }

    /**
     * The exhaustive search's closing sentence: "every script of up to 4 lines over 3 clients, faults crash and expire
     * (S scripts, T before symmetry): N schedules (M before reduction), no finding", or with seeds "every schedule of
     * 3 clients, 4 lines, faults crash and expire, the script of seed 1: N schedules (M before reduction), no finding".
     */
    private static String everySentence(Explorer.Summary summary, Scope scope) {
        Explorer.Every every = summary.every();
        if (every.everyScript()) {
            return everyScriptSentence(summary, scope);
        }
        String seedWords = scope.firstSeed() == scope.lastSeed()
                ? SimulatorTexts.text("explore.every.oneSeed", String.valueOf(scope.firstSeed()))
                : SimulatorTexts.text("explore.every.seeds", String.valueOf(scope.firstSeed()),
                String.valueOf(scope.lastSeed()));
        String faultWords = faultWords(scope);
        String full = every.full() < 0 ? SimulatorTexts.text("explore.every.fullNotCounted")
                : SimulatorTexts.text("explore.every.full", every.full());
        String verdict = summary.found() ? SimulatorTexts.text("explore.every.found")
                : SimulatorTexts.text("explore.noFinding");
        StringBuilder sentence = new StringBuilder(SimulatorTexts.text("explore.every", seedWords, scope.clients(),
                scope.lines(), faultWords, every.reduced(), full, verdict));
        if (every.pastHorizon() > 0) {
            sentence.append('\n').append(SimulatorTexts.text("explore.every.pastHorizon", every.pastHorizon(),
                    every.horizon()));
        }
        return sentence.toString();
    }

    private static String everyScriptSentence(Explorer.Summary summary, Scope scope) {
        Explorer.Every every = summary.every();
        String symmetry = every.symmetric()
                ? SimulatorTexts.text("explore.every.symmetry", every.scriptsBeforeSymmetry())
                : SimulatorTexts.text("explore.every.noSymmetry");
        if (every.stateful()) {
            String states = SimulatorTexts.text(every.symmetric() ? "explore.every.states"
                    : "explore.every.statesNoSymmetry", every.states(), every.cutShort());
            String sentence = every.scriptsCounted()
                    ? SimulatorTexts.text("explore.every.scripts", scope.clients(), scope.lines(), faultWords(scope),
                    every.scripts(), states, every.reduced(), fullWords(every), verdict(summary))
                    : SimulatorTexts.text("explore.every.scriptsNotCounted", scope.clients(), scope.lines(),
                    faultWords(scope), states, every.reduced(), fullWords(every), verdict(summary));
            return sentence;
        }
        String sentence = SimulatorTexts.text("explore.every.scripts", scope.clients(), scope.lines(),
                faultWords(scope), every.scripts(), symmetry, every.reduced(), fullWords(every), verdict(summary));
        return every.pastHorizon() > 0 ? sentence + '\n' + SimulatorTexts.text("explore.every.pastHorizon",
                every.pastHorizon(), every.horizon()) : sentence;
    }

    /**
     * "every script of up to 4 lines over 3 clients, faults crash and expire, estimated from 200 random descents:
     * about R runs (± r), S schedules (± s), M before reduction (± m); at the 12.3 runs/s of the descents, about
     * H hours", and a line more when a descent's run failed.
     */
    private static String estimateSentence(Explorer.Estimate size, Scope scope) {
        String sentence = SimulatorTexts.text("explore.estimate", scope.clients(), scope.lines(), faultWords(scope),
                size.descents(), about(size.runs()), about(size.runsError()), about(size.schedules()),
                about(size.schedulesError()), about(size.full()), about(size.fullError()),
                String.format(Locale.ROOT, "%.1f", size.runsPerSecond()),
                duration(size.runs() / size.runsPerSecond()));
        return size.failed() == 0 ? sentence
                : sentence + '\n' + SimulatorTexts.text("explore.estimate.failed", size.failed());
    }

    /** Minutes up to two hours, hours after. */
    private static String duration(double seconds) {
        return seconds < 7200 ? SimulatorTexts.text("explore.estimate.minutes", String.format(Locale.ROOT, "%,.1f",
                seconds / 60)) : SimulatorTexts.text("explore.estimate.hours", String.format(Locale.ROOT, "%,.0f",
                seconds / 3600));
    }

    private static String about(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    /** "faults crash and expire", and ", the lock's path made before the first line" when it was. */
    private static String faultWords(Scope scope) {
        String faults = scope.faults().isEmpty() ? SimulatorTexts.text("explore.every.noFaults")
                : SimulatorTexts.text("explore.every.faults", joinedWithAnd(scope.faults().stream()
                .map(Fault::name).toList()));
        return scope.lockPathMade() ? faults + SimulatorTexts.text("explore.every.lockPathMade") : faults;
    }

    private static String fullWords(Explorer.Every every) {
        return every.full() < 0 ? SimulatorTexts.text("explore.every.fullNotCounted")
                : SimulatorTexts.text("explore.every.full", every.full());
    }

    private static String verdict(Explorer.Summary summary) {
        return summary.found() ? SimulatorTexts.text("explore.every.found") : SimulatorTexts.text("explore.noFinding");
    }

    private static String joinedWithAnd(List<String> words) {
        if (words.size() == 1) {
            return words.get(0);
        }
        return String.join(", ", words.subList(0, words.size() - 1)) + " "
                + SimulatorTexts.text("explore.every.and") + " " + words.get(words.size() - 1);
    }

    private static String text(Explorer.Summary summary, List<Fault> faults, Scope scope) {
        StringBuilder out = new StringBuilder();
        String faultWords = faults.isEmpty() ? SimulatorTexts.text("explore.noFaults")
                : faults.size() == Faults.all().size() ? SimulatorTexts.text("explore.everyFault")
                : String.join(",", faults.stream().map(Fault::name).toList());
        String seconds = String.format(Locale.ROOT, "%.1f", summary.wallMs() / 1000.0);
        // Every script of a scope is not a seed's: the summary names the scope instead.
        out.append(scope.everyScript()
                ? SimulatorTexts.text("explore.summary.everyScript", summary.algorithm(), summary.runs(),
                        summary.schedules(), scope.lines(), faultWords, seconds)
                : SimulatorTexts.text("explore.summary", summary.algorithm(), summary.runs(), summary.schedules(),
                        summary.seedsDone(), faultWords, seconds)).append('\n');
        // A user's lock whose runs do not repeat most likely decides on something random (a UUID in its node names).
        String doubtKey = lockstep.algorithms.user.UserLocks.optionOf(summary.algorithm()).isPresent()
                ? "explore.unconfirmed.yours" : "explore.unconfirmed";
        for (Counterexample doubt : summary.unconfirmed()) {
            out.append(SimulatorTexts.text(doubtKey, doubt.kind(), doubt.seed(), summary.algorithm())).append('\n');
        }
        if (summary.every() != null) {
            out.append(everySentence(summary, scope));
            if (!summary.found()) {
                return out.toString(); // the sentence ends with "no finding" already
            }
            out.append('\n');
        }
        if (!summary.found()) {
            out.append(SimulatorTexts.text("explore.noFinding"));
            return out.toString();
        }
        Counterexample found = summary.findings().get(0);
        out.append(SimulatorTexts.text("explore.finding", found.kind(), found.seed(), localMessage(found))).append('\n');
        out.append(SimulatorTexts.text("explore.shrunk", found.foundClients(), found.foundLines(), found.clients(),
                found.lines(), found.faults(), found.choices(), found.shrinkRuns())).append('\n');
        out.append(SimulatorTexts.text("explore.scenario", found.scenario())).append('\n');
        out.append(SimulatorTexts.text("explore.trace", found.trace())).append('\n');
        out.append(SimulatorTexts.text("explore.page", found.page())).append('\n');
        out.append(SimulatorTexts.text("explore.replay", found.replayCommand())).append('\n');
        out.append(SimulatorTexts.text("explore.window", found.windowCommand()));
        if (found.elsewhere() != null) {
            out.append('\n').append(SimulatorTexts.text("explore.writtenElsewhere", found.elsewhere(),
                    found.scenario().toAbsolutePath().getParent()));
        }
        if (!found.reproduced() || !found.replays()) {
            out.append('\n').append(SimulatorTexts.text(!found.reproduced() ? "explore.warning.notShown"
                    : "explore.warning.differentTrace"));
        }
        return out.toString();
    }

    private static String json(Explorer.Summary summary, Scope scope) throws JsonProcessingException {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("algorithm", summary.algorithm());
        if (summary.every() != null) {
            Explorer.Every every = summary.every();
            Map<String, Object> exhaustive = new LinkedHashMap<>();
            exhaustive.put("seeds", scope.everyScript() ? null : List.of(scope.firstSeed(), scope.lastSeed()));
            exhaustive.put("everyScript", every.everyScript());
            exhaustive.put("scripts", every.everyScript() && every.scripts() >= 0 ? every.scripts() : null);
            exhaustive.put("scriptsBeforeSymmetry", every.everyScript() && every.scriptsBeforeSymmetry() >= 0
                    ? every.scriptsBeforeSymmetry() : null);
            exhaustive.put("stateful", every.stateful());
            exhaustive.put("statesExplored", every.stateful() ? every.states() : null);
            exhaustive.put("runsCutShort", every.stateful() ? every.cutShort() : null);
            exhaustive.put("symmetry", every.symmetric());
            exhaustive.put("clients", scope.clients());
            exhaustive.put("lines", scope.lines());
            exhaustive.put("faults", scope.faults().stream().map(Fault::name).toList());
            exhaustive.put("lockPathMade", scope.lockPathMade());
            exhaustive.put("schedules", every.reduced());
            exhaustive.put("schedulesBeforeReduction", every.full() < 0 ? null : every.full());
            // From the orders of the reduced search's runs: the same figure, unless --count-by-running ran it.
            exhaustive.put("schedulesBeforeReductionFromOrders", every.orders() < 0 ? null : every.orders());
            exhaustive.put("blockedRuns", every.blocked());
            exhaustive.put("runsPastHorizon", every.pastHorizon());
            exhaustive.put("horizon", every.everyScript() ? null : every.horizon());
            exhaustive.put("finding", summary.found());
            exhaustive.put("sentence", everySentence(summary, scope).lines().findFirst().orElse(""));
            document.put("exhaustive", exhaustive);
        }
        document.put("runs", summary.runs());
        document.put("schedules", summary.schedules());
        document.put("seeds", summary.seedsDone());
        List<Object> findings = new ArrayList<>();
        for (Counterexample found : summary.findings()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("kind", found.kind());
            one.put("seed", found.seed());
            one.put("clients", found.clients());
            one.put("scenario", found.scenario().toString());
            one.put("trace", found.trace().toString());
            one.put("page", found.page().toString());
            one.put("lines", found.lines());
            one.put("faults", found.faults());
            one.put("choices", found.choices());
            one.put("message", found.message());
            one.put("replay", found.replayCommand());
            one.put("window", found.windowCommand());
            one.put("replays", found.replays());
            if (found.elsewhere() != null) {
                one.put("notWrittenToOut", found.elsewhere());
            }
            findings.add(one);
        }
        document.put("findings", findings);
        document.put("unconfirmed", summary.unconfirmed().stream().map(doubt -> Map.of("kind", doubt.kind(),
                "seed", doubt.seed())).toList());
        document.put("shrinkRuns", summary.shrinkRuns());
        document.put("wallMs", summary.wallMs());
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(document);
    }
}
