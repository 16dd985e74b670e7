package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.bench.Chart;
import lockstep.simulator.bench.Herd;
import lockstep.simulator.files.SafeFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep herd}: the herd scenario (all ask, then release one at a time) in lockstep mode for each client
 * count, with real sessions ({@link Herd}). Prints the exact counts, the wall time and calls per second, and draws
 * notifications and calls against N with the N(N-1)/2 and N-1 curves.
 *
 * <p>Guarantee: a count that differs from the algorithm's formula is reported on stderr and the exit code is 1.
 */
@Command(name = "herd", mixinStandardHelpOptions = true,
        description = "Run the herd scenario (all ask, then release one at a time) in lockstep mode for each N:"
                + " exact notifications and calls, wall time.",
        footer = {"", "Examples:",
                "  lockstep herd",
                "  lockstep herd --algorithm sequential --clients 100,1000",
                "  lockstep herd --clients 2,4,8,16,32,64 --chart herd.svg",
                "  lockstep herd -a semaphore,curator-semaphore --permits 3 -c 8,16"})
final class HerdCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-a", "--algorithm"}, split = ",", paramLabel = "NAME",
            defaultValue = "naive,children-watch,sequential",
            description = "The algorithms, comma-separated (default: ${DEFAULT-VALUE}).")
    List<String> algorithms;

    @Option(names = {"-c", "--clients"}, split = ",", paramLabel = "N", defaultValue = "2,4,8,16,32,64,128",
            description = "Herd sizes, comma-separated, 2 to 5000 (default: ${DEFAULT-VALUE}).")
    List<Integer> clients;

    @Option(names = "--permits", paramLabel = "P", defaultValue = "1",
            description = "Permits of the lock, 1 to 1000 (default: 1): above 1 a semaphore for an algorithm flagged"
                    + " permits; the table then gives the notifications per release.")
    int permits;

    @Option(names = "--json", description = "Print one JSON document on stdout instead of the table.")
    boolean json;

    @Option(names = "--chart", paramLabel = "FILE",
            description = "Also draw notifications and calls against N to FILE (.png or .svg; may be given twice).")
    List<Path> charts = new ArrayList<>();

    @picocli.CommandLine.Mixin
    ServerOptions servers = new ServerOptions();

    @picocli.CommandLine.Mixin
    LockOptions locks = new LockOptions();

    @Mixin
    ForceOption force = new ForceOption();

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        servers.apply(cmd);
        if (!locks.isEmpty()) {
            boolean given = cmd.getParseResult().hasMatchedOption("--algorithm");
            algorithms = locks.beside(given ? algorithms : null, algorithms);
        }
        for (String name : algorithms) {
            if (Algorithms.find(name).isEmpty()) {
                throw new OneLineErrors.BadOption(cmd, "--algorithm", text("run.unknownAlgorithm", name,
                        String.join(", ", Algorithms.names())));
            }
        }
        for (int n : clients) {
            if (n < 2 || n > 5000) {
                throw new OneLineErrors.BadOption(cmd, "--clients", text("herd.clientsOutOfRange", n));
            }
        }
        if (permits < 1 || permits > 1000) {
            throw new OneLineErrors.BadOption(cmd, "--permits", text("herd.permitsOutOfRange", permits));
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
        PrintWriter err = cmd.getErr();
        BenchCommand.ProgressBar bar = new BenchCommand.ProgressBar("herd", err);
        List<Herd.Result> results = new ArrayList<>();
        int total = algorithms.size() * clients.size();
        try {
            for (int n : clients) {
                for (String name : algorithms) {
                    bar.at((double) results.size() / total, name + " x" + n);
                    results.add(Herd.run(name, n, permits));
                }
            }
        } catch (Exception | Error e) {
            bar.abandon();
            throw e;
        }
        bar.at(1, text("progress.done"));
        bar.finish();
        PrintWriter out = cmd.getOut();
        out.print(json ? json(results) : table(results));
        out.flush();
        for (Path chart : charts) {
            chart(results).write(chart);
            err.println(text("chart.written", chart));
        }
        boolean wrong = false;
        for (Herd.Result r : results) {
            if (!r.asExpected()) {
                wrong = true;
                err.println(text("herd.unexpected", r.algorithm(), r.clients(), r.notifications(),
                        r.acquisitions(), r.expectedNotifications(), r.clients()));
            }
        }
        err.flush();
        return wrong ? LockstepCommand.FINDING : LockstepCommand.OK;
    }

    static String table(List<Herd.Result> results) {
        StringBuilder s = new StringBuilder();
        s.append(text("herd.title", Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")))
                .append("\n\n");
        String row = "%-15s %7s %13s %13s %11s %9s %9s %9s %9s %9s%n";
        s.append(Tables.header(row, text("herd.algorithm"), text("herd.clients"), text("herd.notifications"),
                text("herd.expected"), text("herd.calls"), text("herd.events"), text("herd.wallMs"),
                text("herd.callsPerSecond"), text("herd.heap"),
                text("herd.bytesPerEvent")));
        int permits = results.isEmpty() ? 1 : results.get(0).permits();
        if (permits > 1) {
            // The registry's counts are for one permit: with several, what a release costs is the figure to read.
            int width = Math.max(15, results.stream().mapToInt(r -> r.algorithm().length()).max().orElse(0));
            String perRelease = "%-" + width + "s %7s %13s %13s %11s%n";
            s.setLength(0);
            s.append(text("herd.title", Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")))
                    .append('\n').append(text("herd.withPermits", permits)).append("\n\n");
            s.append(Tables.header(perRelease, text("herd.algorithm"), text("herd.clients"),
                    text("herd.notifications"), text("herd.perRelease"), text("herd.calls")));
            for (Herd.Result r : results) {
                s.append(String.format(Locale.ROOT, perRelease, r.algorithm(), r.clients(), fmt(r.notifications()),
                        String.format(Locale.ROOT, "%.2f", r.notificationsPerRelease()), fmt(r.calls())));
            }
            return s.toString();
        }
        for (Herd.Result r : results) {
            s.append(String.format(Locale.ROOT, row, r.algorithm(), r.clients(), fmt(r.notifications()),
                    r.expectedNotifications() == null ? "-" : fmt(r.expectedNotifications()), fmt(r.calls()),
                    fmt(r.events()), fmt(r.wallMs()), fmt(Math.round(r.callsPerSecond())),
                    String.format(Locale.ROOT, "%.0f", r.peakHeapMiB()),
                    String.format(Locale.ROOT, "%.0f", r.traceBytesPerEvent())));
        }
        return s.toString();
    }

    private static String fmt(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String json(List<Herd.Result> results) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Herd.Result r : results) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("algorithm", r.algorithm());
            row.put("clients", r.clients());
            row.put("notifications", r.notifications());
            row.put("expectedNotifications", r.expectedNotifications());
            row.put("permits", r.permits());
            row.put("notificationsPerRelease", Math.round(r.notificationsPerRelease() * 100) / 100.0);
            row.put("calls", r.calls());
            row.put("acquisitions", r.acquisitions());
            row.put("events", r.events());
            row.put("wallMs", r.wallMs());
            row.put("callsPerSecond", Math.round(r.callsPerSecond() * 10) / 10.0);
            row.put("peakHeapMiB", Math.round(r.peakHeapMiB() * 10) / 10.0);
            row.put("traceBytesPerEvent", Math.round(r.traceBytesPerEvent()));
            rows.add(row);
        }
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(Map.of("results", rows)) + "\n";
    }

    static Chart chart(List<Herd.Result> results) {
        List<Integer> ns = results.stream().map(Herd.Result::clients).distinct().sorted().toList();
        double[] x = ns.stream().mapToDouble(Integer::doubleValue).toArray();
        boolean log = ns.size() > 2;
        Chart chart = new Chart("The herd: notifications and calls against N", "clients (N)",
                "count", log, log);
        List<String> names = results.stream().map(Herd.Result::algorithm).distinct().toList();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            chart.add(new Chart.Series(name + " notifications", x, series(results, name, ns, true), false, i, false));
            chart.add(new Chart.Series(name + " calls", x, series(results, name, ns, false), false, i, true));
        }
        chart.add(new Chart.Series("N(N-1)/2", x, ns.stream().mapToDouble(n -> n * (n - 1) / 2.0).toArray(), true));
        chart.add(new Chart.Series("N-1", x, ns.stream().mapToDouble(n -> n - 1.0).toArray(), true));
        return chart;
    }

    private static double[] series(List<Herd.Result> results, String algorithm, List<Integer> ns,
                                   boolean notifications) {
        double[] y = new double[ns.size()];
        for (int i = 0; i < ns.size(); i++) {
            int n = ns.get(i);
            y[i] = results.stream().filter(r -> r.algorithm().equals(algorithm) && r.clients() == n)
                    .mapToDouble(r -> notifications ? r.notifications() : r.calls()).findFirst().orElse(Double.NaN);
        }
        return y;
    }
}
