package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import lockstep.algorithms.Flag;
import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.bench.Benchmarks;
import lockstep.simulator.bench.Chart;
import lockstep.simulator.bench.Durations;
import lockstep.simulator.bench.FreeRunningBenchmark;
import lockstep.simulator.bench.FreeRunningBenchmark.Floor;
import lockstep.simulator.bench.FreeRunningBenchmark.Result;
import lockstep.simulator.files.SafeFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep bench}: lock algorithms side by side with Curator and the hand-off floor, free-running on one
 * embedded ZooKeeper ({@link FreeRunningBenchmark}); and, as subcommands, every other benchmark of the
 * {@link Benchmarks} registry ({@code seek}, {@code recorder}, {@code lockstep}, and {@code render} from the window).
 *
 * <p>Steps: check the options; run; print a table on stdout (or {@code --json}), a progress bar on stderr, and write
 * the chart if asked. With {@code --permits N} the lock is a semaphore of N permits, for algorithms flagged
 * {@code permits} only, beside Curator's. Guarantee: a lock that let two holders in at once (a semaphore: more than N)
 * is reported on stderr and the exit code is 1.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measure lock algorithms side by side, free-running: each client its own session, looping"
                + " acquire, hold, release; against Curator's recipe and the hand-off floor, in one run.",
                "A NAME runs another benchmark instead."},
        footer = {"", "Examples:",
                "  lockstep bench --algorithm sequential,curator-mutex --clients 4,16,64",
                "  lockstep bench --clients 16 --duration 20s --json",
                "  lockstep bench --algorithm rwlock,curator-rwlock --read-ratio 0.8 --chart rw.svg",
                "  lockstep bench -a semaphore,curator-semaphore --permits 3 -c 4,16",
                "  lockstep bench seek"})
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-a", "--algorithm"}, split = ",", paramLabel = "NAME",
            description = "The algorithms, comma-separated (default: sequential,curator-mutex; with --read-ratio:"
                    + " rwlock,curator-rwlock; with --permits: semaphore,curator-semaphore). The reference"
                    + " (curator-mutex, curator-rwlock or curator-semaphore) is added when missing.")
    List<String> algorithms;

    @Option(names = {"-c", "--clients"}, split = ",", paramLabel = "N", defaultValue = "1,4,16,64",
            description = "Client counts, comma-separated (default: ${DEFAULT-VALUE}).")
    List<Integer> clients;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10s", converter = Durations.class,
            description = "Measured time per algorithm and client count, in slices of about a second"
                    + " (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "2s", converter = Durations.class,
            description = "Untimed warm-up per algorithm and client count (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--hold", paramLabel = "TIME", defaultValue = "0ms", converter = Durations.class,
            description = "How long a client holds the lock each time (default: ${DEFAULT-VALUE}).")
    Duration hold;

    @Option(names = "--read-ratio", paramLabel = "R", defaultValue = "0",
            description = "The share of requests that are reads, 0 to 1 (read/write locks only; default: 0).")
    double readRatio;

    @Option(names = "--permits", paramLabel = "P", defaultValue = "1",
            description = "Permits of the lock, 1 to 1000 (default: ${DEFAULT-VALUE}): above 1 a semaphore that many"
                    + " clients may hold at once, for algorithms flagged permits only.")
    int permits;

    @Option(names = "--json", description = "Print one JSON document on stdout instead of the table.")
    boolean json;

    @Option(names = "--chart", paramLabel = "FILE",
            description = "Also draw acquisitions per second against clients, with the floor, to FILE (.png or .svg; may be given twice).")
    List<Path> charts = new ArrayList<>();

    /** Registers every benchmark of the registry as a subcommand of {@code bench}. */
    static void addBenchmarks(CommandLine bench) {
        for (Benchmarks.Benchmark benchmark : Benchmarks.all()) {
            if (bench.getSubcommands().containsKey(benchmark.name())) {
                continue;
            }
            CommandLine sub = new CommandLine(benchmark.command().get());
            sub.getCommandSpec().name(benchmark.name()); // its usage says "bench render", not its own name
            sub.getCommandSpec().usageMessage().description(benchmark.description());
            // a benchmark hidden at the top (bench-render) is still one of bench's: help bench lists every one
            sub.getCommandSpec().usageMessage().hidden(false);
            bench.addSubcommand(benchmark.name(), sub);
        }
    }

    @picocli.CommandLine.Mixin
    ServerOptions servers = new ServerOptions();

    @picocli.CommandLine.Mixin
    LockOptions locks = new LockOptions();

    @Mixin
    ForceOption force = new ForceOption();

    @Override
    public Integer call() throws Exception {
        servers.apply(spec.commandLine());
        if (!locks.isEmpty()) {
            algorithms = locks.beside(algorithms, List.of());
        }
        FreeRunningBenchmark.Plan plan = plan();
        PrintWriter err = spec.commandLine().getErr();
        ProgressBar bar = new ProgressBar("bench", err);
        FreeRunningBenchmark.Report report;
        try {
            report = FreeRunningBenchmark.run(plan, bar::at);
        } catch (Exception | Error e) {
            bar.abandon();
            throw e;
        }
        bar.finish();
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? json(report) : table(report));
        out.flush();
        for (Path chart : charts) {
            chart(report).write(chart);
            err.println(text("chart.written", chart));
        }
        for (Result r : report.results()) {
            if (r.violated()) {
                err.println(report.plan().permits() > 1
                        ? text("bench.violatedPermits", r.algorithm(), r.maxHolders(), r.clients(),
                                report.plan().permits())
                        : text("bench.violated", r.algorithm(), r.maxHolders(), r.clients()));
            }
        }
        err.flush();
        return report.violated() ? LockstepCommand.FINDING : LockstepCommand.OK;
    }

    private FreeRunningBenchmark.Plan plan() {
        CommandLine cmd = spec.commandLine();
        if (readRatio < 0 || readRatio > 1 || Double.isNaN(readRatio)) {
            throw new OneLineErrors.BadOption(cmd, "--read-ratio", text("bench.readRatio", String.valueOf(readRatio)));
        }
        if (permits < 1 || permits > 1000) {
            throw new OneLineErrors.BadOption(cmd, "--permits", text("herd.permitsOutOfRange", permits));
        }
        if (permits > 1 && readRatio > 0) {
            throw new OneLineErrors.BadOption(cmd, "--permits", text("bench.permitsAndReads"));
        }
        List<String> names = new ArrayList<>(algorithms != null ? algorithms
                : permits > 1 ? List.of("semaphore", "curator-semaphore")
                : readRatio > 0 ? List.of("rwlock", "curator-rwlock") : List.of("sequential", "curator-mutex"));
        for (String name : names) {
            if (Algorithms.find(name).isEmpty()) {
                throw new OneLineErrors.BadOption(cmd, "--algorithm", text("run.unknownAlgorithm", name,
                        String.join(", ", Algorithms.names())));
            }
            // A lock of one holder would refuse a target of several permits in its first acquire: say so here.
            if (permits > 1 && !Algorithms.get(name).has(Flag.PERMITS)) {
                throw new OneLineErrors.BadOption(cmd, "--permits", text("bench.notASemaphore", permits, name,
                        String.join(", ", Algorithms.all().stream().filter(a -> a.has(Flag.PERMITS))
                                .map(Algorithms.Info::name).toList())));
            }
        }
        if (names.stream().distinct().count() != names.size()) {
            throw new OneLineErrors.BadOption(cmd, "--algorithm", text("bench.algorithmTwice"));
        }
        for (int n : clients) {
            if (n < 1 || n > 2000) {
                throw new OneLineErrors.BadOption(cmd, "--clients", text("bench.clientsOutOfRange", n));
            }
        }
        if (duration.isZero()) {
            throw new OneLineErrors.BadOption(cmd, "--duration", text("bench.durationZero"));
        }
        for (Path chart : charts) {
            if (!Chart.supports(chart)) {
                throw new OneLineErrors.BadOption(cmd, "--chart", text("chart.badExtension", chart));
            }
            String refused = SafeFiles.problem(force.allow(chart));
            if (refused != null) {
                throw new OneLineErrors.BadOption(cmd, "--chart", chart + ": " + refused);
            }
        }
        FreeRunningBenchmark.Plan draft = new FreeRunningBenchmark.Plan(names, List.copyOf(clients), duration,
                warmup, hold, readRatio, Duration.ofSeconds(1), permits);
        if (!names.contains(draft.reference())) {
            names.add(draft.reference());
        }
        return new FreeRunningBenchmark.Plan(List.copyOf(names), List.copyOf(clients), duration, warmup, hold,
                readRatio, Duration.ofSeconds(1), permits);
    }

    static String table(FreeRunningBenchmark.Report report) {
        FreeRunningBenchmark.Plan plan = report.plan();
        StringBuilder s = new StringBuilder();
        s.append(text("bench.plan", String.join(", ", plan.algorithms()), plan.rounds(),
                Durations.format(plan.duration().dividedBy(plan.rounds())), Durations.format(plan.warmup()),
                Durations.format(plan.hold()),
                (plan.readRatio() > 0 ? text("bench.reads", String.valueOf(plan.readRatio())) : "")
                        + (plan.permits() > 1 ? text("bench.permits", plan.permits()) : ""))).append('\n');
        s.append(text("bench.machine", Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")))
                .append("\n\n");
        // The algorithm column as wide as its longest name (curator-semaphore is 17), 15 at least.
        int name = Math.max(15, plan.algorithms().stream().mapToInt(String::length).max().orElse(0));
        String head = "%-8s %-" + name + "s %9s %7s %7s %8s %9s %10s %9s %7s %10s %8s%n";
        s.append(Tables.header(head, text("bench.clients"), text("bench.algorithm"), text("bench.acqPerSecond"),
                text("bench.p50"), text("bench.p99"), text("bench.max"), text("bench.notificationsPerRelease"),
                text("bench.futilePerRelease"), text("bench.callsPerAcquisition"), text("bench.holders"),
                text("bench.vsCurator"), text("bench.vsFloor")));
        for (int n : plan.clients()) {
            for (Floor f : report.floors()) {
                if (f.clients() == n) {
                    // Padded by the columns it takes on a terminal: "(下限)" is six wide in four characters.
                    String label = text("bench.floorRow");
                    label += " ".repeat(Math.max(0, name - Tables.width(label)));
                    s.append(String.format(Locale.ROOT, "%-8d %s %9.0f %7s %7s %8s %9s %10s %9s %7s %10s %8s%n",
                            n, label, f.handoffsPerSecond(), "", "", "", "1.00", "", "2.00", "", "", "1.00"));
                }
            }
            for (Result r : report.results()) {
                if (r.clients() != n) {
                    continue;
                }
                s.append(String.format(Locale.ROOT,
                        "%-8d %-" + name + "s %9.0f %7.2f %7.2f %8.1f %9.2f %10.2f %9.2f %7s %10s %8.2f%n", n,
                        r.algorithm(),
                        r.acquisitionsPerSecond(), r.p50Ms(), r.p99Ms(), r.maxMs(), r.notificationsPerRelease(),
                        r.futileWakeupsPerRelease(), r.callsPerAcquisition(),
                        r.maxHolders() + (r.violated() ? "!" : ""),
                        r.ratioToReference() == null ? "-" : String.format(Locale.ROOT, "%.2f", r.ratioToReference()),
                        r.ratioToFloor()));
            }
        }
        s.append('\n').append(text("bench.floorNote",
                String.format(Locale.ROOT, "%.0f", report.floorHandoffsPerSecond()))).append('\n');
        return s.toString();
    }

    static String json(FreeRunningBenchmark.Report report) throws Exception {
        FreeRunningBenchmark.Plan plan = report.plan();
        Map<String, Object> doc = new LinkedHashMap<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("algorithms", plan.algorithms());
        settings.put("clients", plan.clients());
        settings.put("durationMs", plan.duration().toMillis());
        settings.put("warmupMs", plan.warmup().toMillis());
        settings.put("holdMs", plan.hold().toMillis());
        settings.put("readRatio", plan.readRatio());
        settings.put("permits", plan.permits());
        settings.put("slices", plan.rounds());
        settings.put("reference", plan.reference());
        settings.put("cores", Runtime.getRuntime().availableProcessors());
        settings.put("java", System.getProperty("java.version"));
        doc.put("settings", settings);
        List<Map<String, Object>> results = new ArrayList<>();
        for (Result r : report.results()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("algorithm", r.algorithm());
            row.put("clients", r.clients());
            row.put("acquisitionsPerSecond", round(r.acquisitionsPerSecond()));
            row.put("p50Ms", round(r.p50Ms()));
            row.put("p99Ms", round(r.p99Ms()));
            row.put("maxMs", round(r.maxMs()));
            row.put("notificationsPerRelease", round(r.notificationsPerRelease()));
            row.put("futileWakeupsPerRelease", round(r.futileWakeupsPerRelease()));
            row.put("callsPerAcquisition", round(r.callsPerAcquisition()));
            row.put("maxHolders", r.maxHolders());
            row.put("ratioToReference", r.ratioToReference() == null ? null : round(r.ratioToReference()));
            row.put("ratioToFloor", round(r.ratioToFloor()));
            row.put("acquisitions", r.acquisitions());
            row.put("slices", r.slices());
            row.put("safe", !r.violated());
            results.add(row);
        }
        doc.put("results", results);
        Map<String, Object> floor = new LinkedHashMap<>();
        floor.put("handoffsPerSecond", round(report.floorHandoffsPerSecond()));
        List<Map<String, Object>> byClients = new ArrayList<>();
        for (Floor f : report.floors()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("clients", f.clients());
            row.put("sessions", f.sessions());
            row.put("handoffsPerSecond", round(f.handoffsPerSecond()));
            row.put("slices", f.slices());
            byClients.add(row);
        }
        floor.put("byClients", byClients);
        doc.put("floor", floor);
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc) + "\n";
    }

    private static Double round(double value) {
        return Double.isFinite(value) ? Math.round(value * 1000) / 1000.0 : null;
    }

    static Chart chart(FreeRunningBenchmark.Report report) {
        FreeRunningBenchmark.Plan plan = report.plan();
        double[] x = plan.clients().stream().mapToDouble(Integer::doubleValue).toArray();
        Chart chart = new Chart("Acquisitions per second, free-running", "clients (sessions)",
                "acquisitions per second", plan.clients().size() > 1, false);
        for (String name : plan.algorithms()) {
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                int n = plan.clients().get(i);
                y[i] = report.results().stream().filter(r -> r.algorithm().equals(name) && r.clients() == n)
                        .mapToDouble(Result::acquisitionsPerSecond).findFirst().orElse(Double.NaN);
            }
            chart.add(new Chart.Series(name, x, y, false));
        }
        double[] floor = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            int n = plan.clients().get(i);
            floor[i] = report.floors().stream().filter(f -> f.clients() == n)
                    .mapToDouble(Floor::handoffsPerSecond).findFirst().orElse(Double.NaN);
        }
        chart.add(new Chart.Series("hand-off floor", x, floor, true));
        return chart;
    }

    /** A one-line progress bar on stderr, redrawn in place. */
    static final class ProgressBar {
        private static final int WIDTH = 30;
        private final String name;
        private final PrintWriter err;
        private int lastLength;

        ProgressBar(String name, PrintWriter err) {
            this.name = name;
            this.err = err;
        }

        synchronized void at(double fraction, String doing) {
            int filled = (int) Math.round(fraction * WIDTH);
            String line = String.format(Locale.ROOT, "%s [%s%s] %3d%% %s", name, "#".repeat(filled),
                    ".".repeat(WIDTH - filled), Math.round(fraction * 100), doing);
            String pad = " ".repeat(Math.max(0, lastLength - line.length()));
            err.print("\r" + line + pad);
            err.flush();
            lastLength = line.length();
        }

        synchronized void finish() {
            err.println();
            err.flush();
        }

        /** Ends the bar's line when the work failed half-way, so the one-line error that follows has a line of its own. */
        synchronized void abandon() {
            if (lastLength > 0) {
                finish();
            }
        }
    }
}
