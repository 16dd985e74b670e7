package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.BadInputException;
import lockstep.simulator.check.TraceIntegrity;
import lockstep.simulator.export.ExportFiles;
import lockstep.simulator.export.PlayerPage;
import lockstep.simulator.files.CannotWrite;
import lockstep.simulator.files.SafeFiles;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.Showcase;
import lockstep.simulator.text.TranslatedConversion;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lockstep run}: a scenario once per algorithm, compared side by side. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a scenario once per algorithm on an embedded ZooKeeper and compare the runs' metrics.",
        footer = {"", "Examples:",
                "  lockstep run 02",
                "  lockstep run 02-herd-effect --algorithm naive,children-watch,sequential",
                "  lockstep run my.yaml --algorithm rwlock --seed 7 --trace my.jsonl",
                "  lockstep run 02 --json",
                "  lockstep run 10 --trace t.jsonl && lockstep run 10 --schedule t.jsonl",
                "  lockstep run 23                       (a scenario on three servers)",
                "  lockstep run 04 --ensemble 3",
                "",
                "Exit codes: 0 fine, 1 a checker finding in any run, 2 bad input,", "3 internal error."})
final class RunCommand implements Callable<Integer> {

    static final List<String> DEFAULT_ALGORITHMS = Showcase.NAIVE_AND_SEQUENTIAL;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO",
            description = "A scenario file, or a built-in scenario's id or name such as 02 or 02-herd-effect.")
    String scenario;

    @Option(names = {"-a", "--algorithm"}, split = ",", paramLabel = "NAME",
            description = "The algorithms to run, comma-separated (default: naive,sequential; for a bug's scenario, a "
                    + "semaphore's, a multi-lock's or one with read and write requests, the pair it is shown with; see "
                    + "lockstep list).")
    List<String> algorithms;

    @Option(names = {"-s", "--seed"}, paramLabel = "N", converter = SeedConverter.class,
            description = "A non-negative integer that overrides the scenario's seed.")
    Long seed;

    @Option(names = {"-t", "--trace"}, paramLabel = "FILE|DIR",
            description = "Write the trace to FILE; with several algorithms to FILE-ALGORITHM.ext, one each; "
                    + "into DIR (an existing directory) as SCENARIO-ALGORITHM.jsonl.")
    String trace;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write a page that plays the runs in a browser: one self-contained HTML file, every "
                    + "algorithm a lane (see lockstep export --html).")
    Path html;

    @Option(names = "--json", description = "Print one JSON document on stdout instead of the table.")
    boolean json;

    @Option(names = "--schedule", paramLabel = "TRACE",
            description = "Replay the scheduler's choices recorded in TRACE (a saved trace of this scenario): the "
                    + "same algorithm and seed, the same run, byte for byte.")
    Path schedule;

    @picocli.CommandLine.Mixin
    ServerOptions servers = new ServerOptions();

    @picocli.CommandLine.Mixin
    LockOptions locks = new LockOptions();

    /** The names of the --lock classes, once loaded. */
    private List<String> lockNames = List.of();

    @Mixin
    ForceOption force = new ForceOption();

    @Override
    public Integer call() throws BadInputException, CannotWrite {
        servers.apply(spec.commandLine());
        lockNames = locks.add();
        List<Event> recorded = schedule == null ? null : TraceFiles.read(schedule);
        if (recorded != null) {
            TraceIntegrity.refuseBroken(recorded, schedule.toString());
        }
        List<String> names = recorded == null ? algorithms() : scheduledAlgorithm(recorded);
        InputKinds.refuseTraceAsScenario(scenario);
        Scenario loaded = Simulations.load(scenario);
        if (recorded == null && algorithms == null && lockNames.isEmpty()) {
            // Naive beside sequential, unless they cannot show this scenario (a bug's, a semaphore's, ...).
            names = Showcase.whenNoneIsNamed(loaded.source(), loaded);
        }
        Map<String, Path> traceFiles = traceFiles(names, loaded);
        if (html != null) {
            ExportCommand.checkWritable("--html", force.allow(html));
        }
        long runSeed = recorded == null ? Simulations.seedFor(loaded, seed)
                : ((Event.RunStarted) recorded.get(0)).seed();

        // Every run first: a run that fails (bad input) leaves no file behind, not even the other algorithms'.
        Map<String, List<Event>> traces = new LinkedHashMap<>();
        for (String name : names) {
            traces.put(name, recorded == null ? Simulations.run(loaded, name, runSeed)
                    : Simulations.replay(loaded, recorded, schedule.toString()));
        }
        List<RunReport.Result> results = new ArrayList<>();
        traces.forEach((name, events) -> results.add(RunReport.Result.of(name, events)));
        RunReport report = new RunReport(loaded.source(), loaded.title(),
                loaded.title(lockstep.algorithms.text.Texts.language().tag()), runSeed, results);

        for (Map.Entry<String, Path> file : traceFiles.entrySet()) {
            try {
                TraceFiles.write(file.getValue(), traces.get(file.getKey()));
            } catch (CannotWrite e) {
                throw e;
            } catch (IOException e) {
                throw new BadInputException(file.getValue().toString(), text("run.cannotWriteTrace",
                        SafeFiles.cause(e)));
            }
        }
        if (html != null) {
            try {
                ExportFiles.write(html, PlayerPage.of(new ArrayList<>(traces.values()), loaded));
            } catch (CannotWrite e) {
                throw e;
            } catch (IOException e) {
                throw new BadInputException(html.toString(), text("run.cannotWritePage", SafeFiles.cause(e)));
            }
        }
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(report.json());
            out.flush();
        } else {
            report.printText(out, report.defaultTitleLine());
        }
        if (!traceFiles.isEmpty()) {
            var to = json ? spec.commandLine().getErr() : out;
            if (!json) {
                to.println();
            }
            traceFiles.forEach((name, file) -> to.println(text("run.traceWritten", file, name)));
            to.flush();
        }
        if (html != null) {
            var to = json ? spec.commandLine().getErr() : out;
            to.println(text("run.pageWritten", html));
            to.flush();
        }
        if (reportStalls(traces, traceFiles)) {
            return LockstepCommand.INTERNAL_ERROR;
        }
        return report.hasFindings() ? LockstepCommand.FINDING : LockstepCommand.OK;
    }

    /**
     * A run that found no stable point is Lockstep's failure, not the lock's: one line each on stderr, naming where
     * its trace is kept for a bug report (the --trace file, else one written to the temp directory); true if any.
     */
    private boolean reportStalls(Map<String, List<Event>> traces, Map<String, Path> traceFiles) {
        boolean any = false;
        var err = spec.commandLine().getErr();
        for (Map.Entry<String, List<Event>> run : traces.entrySet()) {
            List<Event> events = run.getValue();
            if (!(events.get(events.size() - 1) instanceof Event.RunEnded ended) || !ended.stalled()) {
                continue;
            }
            any = true;
            Path kept = traceFiles.get(run.getKey());
            if (kept == null) {
                try {
                    kept = Files.createTempFile("lockstep-stalled-" + run.getKey() + "-", ".jsonl");
                    TraceFiles.write(kept, events);
                } catch (IOException e) {
                    kept = null;
                }
            }
            err.println(Printable.line(text("run.stalled", run.getKey(),
                    ended.outcome().substring(Event.RunEnded.STALLED.length()),
                    kept == null ? "-" : kept.toString())));
        }
        err.flush();
        return any;
    }

    /** With --schedule: the trace's algorithm, which --algorithm may name but not contradict; no --seed. */
    private List<String> scheduledAlgorithm(List<Event> recorded) throws BadInputException {
        String recordedAlgorithm = ((Event.RunStarted) recorded.get(0)).algorithm();
        if (seed != null) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--seed",
                    text("run.scheduleHasSeed"));
        }
        List<String> asked = algorithms == null ? List.of() : algorithms();
        if (!asked.isEmpty() && !asked.equals(List.of(recordedAlgorithm))) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--algorithm",
                    text("run.scheduleAlgorithm", schedule, recordedAlgorithm));
        }
        if (Algorithms.find(recordedAlgorithm).isEmpty()) {
            throw new BadInputException(schedule.toString(), 1, 1, text("run.unknownAlgorithm", recordedAlgorithm,
                    String.join(", ", Algorithms.names())));
        }
        return List.of(recordedAlgorithm);
    }

    /** The requested algorithms, checked against the registry, each once, in the order given. */
    private List<String> algorithms() {
        if (algorithms == null) {
            return lockNames.isEmpty() ? DEFAULT_ALGORITHMS : lockNames;
        }
        if (algorithms.isEmpty()) {
            // '--algorithm ,' names no algorithm: refused rather than taken for the default pair.
            throw new OneLineErrors.BadOption(spec.commandLine(), "--algorithm",
                    text("run.emptyAlgorithm", String.join(", ", Algorithms.names())));
        }
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (String name : algorithms) {
            String trimmed = name.strip();
            if (trimmed.isEmpty()) {
                throw new OneLineErrors.BadOption(spec.commandLine(), "--algorithm",
                        text("run.emptyAlgorithm", String.join(", ", Algorithms.names())));
            }
            if (Algorithms.find(trimmed).isEmpty()) {
                throw new OneLineErrors.BadOption(spec.commandLine(), "--algorithm",
                        text("run.unknownAlgorithm", trimmed, String.join(", ", Algorithms.names())));
            }
            names.add(trimmed);
        }
        names.addAll(lockNames);
        return List.copyOf(names);
    }

    /**
     * Where each algorithm's trace goes, checked before anything runs; empty without --trace. A directory (one that
     * exists, or a name ending in '/') gets one file per algorithm inside it, named after the scenario and the
     * algorithm ({@code 02-herd-effect-naive.jsonl}), as {@code cp FILE DIR} puts a file inside DIR; anything else is
     * a file name, suffixed with the algorithm's name when there are several.
     */
    private Map<String, Path> traceFiles(List<String> names, Scenario loaded) {
        Map<String, Path> files = new LinkedHashMap<>();
        if (trace == null) {
            return files;
        }
        Path given = Path.of(trace);
        boolean namesADirectory = Files.isDirectory(given) || trace.endsWith("/") || trace.endsWith(java.io.File.separator);
        Path directory = namesADirectory ? given.toAbsolutePath() : given.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--trace",
                    text("run.noSuchDirectory", directory));
        }
        if (!Files.isWritable(directory)) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--trace",
                    text("run.cannotWriteIn", directory));
        }
        if (!namesADirectory && names.size() > 1 && Files.exists(given) && !Files.isRegularFile(given)) {
            // A device or a pipe has no name to put each algorithm's trace beside: /dev/null-naive is no one's wish.
            throw new OneLineErrors.BadOption(spec.commandLine(), "--trace", text("run.traceNotAName", given));
        }
        for (String name : names) {
            Path file;
            if (namesADirectory) {
                file = given.resolve(baseName(loaded.source()) + "-" + name + ".jsonl");
            } else {
                file = names.size() == 1 ? given : withSuffix(given, "-" + name);
            }
            if (Files.isDirectory(file)) {
                throw new OneLineErrors.BadOption(spec.commandLine(), "--trace",
                        text("run.isADirectory", file));
            }
            String refused = SafeFiles.problem(force.allow(file));
            if (refused != null) {
                throw new OneLineErrors.BadOption(spec.commandLine(), "--trace", file + ": " + refused);
            }
            files.put(name, file);
        }
        return files;
    }

    /** {@code scenarios/my.yaml} is {@code my}; a built-in's source is already its name ({@code 02-herd-effect}). */
    static String baseName(String source) {
        String fileName = Path.of(source).getFileName().toString();
        for (String extension : List.of(".yaml", ".yml")) {
            if (fileName.endsWith(extension) && fileName.length() > extension.length()) {
                return fileName.substring(0, fileName.length() - extension.length());
            }
        }
        return fileName;
    }

    /** {@code t.jsonl} with {@code -naive} is {@code t-naive.jsonl}; {@code t} is {@code t-naive}. */
    static Path withSuffix(Path file, String suffix) {
        String fileName = file.getFileName().toString();
        int dot = fileName.lastIndexOf('.');
        String named = dot > 0 ? fileName.substring(0, dot) + suffix + fileName.substring(dot) : fileName + suffix;
        return file.resolveSibling(named);
    }

    /** A seed is a non-negative whole number. */
    static final class SeedConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            long seed;
            try {
                seed = Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                if (value.strip().matches("\\d+")) {
                    throw new TranslatedConversion("scenario.seedTooLarge", value.strip(), Long.MAX_VALUE);
                }
                throw new TranslatedConversion("run.seedNotANumber", value);
            }
            if (seed < 0) {
                throw new TranslatedConversion("run.seedNotANumber", value);
            }
            return seed;
        }
    }
}
