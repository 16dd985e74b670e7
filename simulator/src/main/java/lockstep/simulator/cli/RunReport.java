package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import lockstep.algorithms.text.Texts;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.check.Metrics;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.trace.Event;

/**
 * What {@code run} and {@code check} print: a side-by-side table of metrics (one column per algorithm) followed by
 * the checker's findings, one a line; or the same as one JSON document.
 */
final class RunReport {

    /** The ZooKeeper calls the table and the JSON always show, in this order; any other call type follows. */
    static final List<String> MAIN_OPS = List.of("create", "delete", "getChildren", "getData", "exists");

    /** One algorithm's run: its metrics and the checker's findings on its trace. */
    record Result(String algorithm, Metrics metrics, List<Finding> findings) {

        List<Finding> failures() {
            return findings.stream().filter(Finding::isFailure).toList();
        }

        List<Finding> notes() {
            return findings.stream().filter(Finding::note).toList();
        }


        static Result of(String algorithm, List<Event> trace) {
            return new Result(algorithm, Metrics.of(trace), Checker.check(trace));
        }
    }

    private final String scenario;
    private final String title;
    private final String shownTitle;
    private final long seed;
    private final List<Result> results;

    /**
     * @param title      the English title, as the trace and the JSON document carry it
     * @param shownTitle the title the text report shows, in the language of the output
     */
    RunReport(String scenario, String title, String shownTitle, long seed, List<Result> results) {
        this.scenario = scenario;
        this.title = title;
        this.shownTitle = shownTitle;
        this.seed = seed;
        this.results = List.copyOf(results);
    }

    /**
     * The title a trace's reader sees: a built-in's own title in the current language when the trace names that
     * built-in and carries its English title (traces record English only), else the recorded title.
     */
    static String titleShown(String scenario, String englishTitle) {
        String language = Texts.language().tag();
        return BuiltInScenarios.list().stream()
                .filter(b -> b.name().equals(scenario) && b.title().equals(englishTitle))
                .map(b -> b.title(language)).findFirst().orElse(englishTitle);
    }

    /** True when any run broke an invariant (notes do not count): the exit code is then 1. */
    boolean hasFindings() {
        return results.stream().anyMatch(r -> !r.failures().isEmpty());
    }

    /** The title line, the table, then the findings. */
    void printText(PrintWriter out, String titleLine) {
        // Titles, client names and paths come from files: printed, never obeyed by the terminal.
        out.println(Printable.line(titleLine));
        out.println();
        for (String line : table()) {
            out.println(Printable.line(line));
        }
        if (results.stream().anyMatch(r -> !r.findings().isEmpty())) {
            out.println();
            for (Result result : results) {
                for (Finding finding : result.findings()) {
                    out.println(Printable.line(findingLine(result.algorithm(), finding)));
                }
            }
        }
        out.flush();
    }

    String defaultTitleLine() {
        return text("report.title", shownTitle, scenario, seed);
    }

    /**
     * {@code naive: event 57: c2 and c3 hold the lock at the same time (mutual exclusion)}: a finding's message names
     * its event and its kind already; a note says it is one ({@code sequential: note: event 40: ...}).
     */
    static String findingLine(String algorithm, Finding finding) {
        return finding.note() ? text("report.note", algorithm, finding.localMessage())
                : text("report.finding", algorithm, finding.localMessage());
    }

    /** The metrics table: a header row of algorithm names, then one row per metric. */
    List<String> table() {
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>();
        header.add("");
        results.forEach(r -> header.add(r.algorithm()));
        rows.add(header.toArray(String[]::new));
        rows.add(row(text("report.acquisitions"), m -> String.valueOf(m.acquisitions())));
        rows.add(row(text("report.notifications"), m -> String.valueOf(m.notifications())));
        rows.add(row(text("report.futileWakeups"), m -> String.valueOf(m.futileWakeups())));
        rows.add(row(text("report.calls"), m -> ""));
        for (String op : opsShown()) {
            rows.add(row("  " + op, m -> String.valueOf(m.ops().getOrDefault(op, 0))));
        }
        rows.add(row(text("report.callsPerAcquisition"),
                m -> String.format(Locale.ROOT, "%.2f", m.opsPerAcquisition())));
        rows.add(row(text("report.grantOrder"), m -> grantOrder(m.grantOrder())));
        rows.add(row(text("report.fifoViolations"), m -> String.valueOf(m.fifoViolations())));
        rows.add(row(text("report.longestWait"), m -> String.valueOf(m.longestWaitSteps())));
        List<String> findings = new ArrayList<>();
        findings.add(text("report.findings"));
        results.forEach(r -> findings.add(String.valueOf(r.failures().size())));
        rows.add(findings.toArray(String[]::new));
        if (results.stream().anyMatch(r -> !r.notes().isEmpty())) {
            List<String> notes = new ArrayList<>();
            notes.add(text("report.notes"));
            results.forEach(r -> notes.add(String.valueOf(r.notes().size())));
            rows.add(notes.toArray(String[]::new));
        }
        rows.add(row(text("report.events"), m -> String.valueOf(m.events())));
        return Tables.align(rows);
    }

    /** The five main call types, then any other that some run made. */
    private List<String> opsShown() {
        List<String> ops = new ArrayList<>(MAIN_OPS);
        for (Result result : results) {
            result.metrics().ops().forEach((op, count) -> {
                if (count > 0 && !ops.contains(op)) {
                    ops.add(op);
                }
            });
        }
        return ops;
    }

    private String[] row(String label, Function<Metrics, String> cell) {
        String[] row = new String[results.size() + 1];
        row[0] = label;
        for (int i = 0; i < results.size(); i++) {
            row[i + 1] = cell.apply(results.get(i).metrics());
        }
        return row;
    }

    /** The table shows at most {@value #GRANTS_SHOWN} grants, so a 200-client run stays readable (--json has all). */
    private static final int GRANTS_SHOWN = 12;

    private static String grantOrder(List<String> grants) {
        if (grants.isEmpty()) {
            return "-";
        }
        if (grants.size() <= GRANTS_SHOWN) {
            return String.join(" ", grants);
        }
        return String.join(" ", grants.subList(0, GRANTS_SHOWN)) + " ... (" + grants.size() + ")";
    }

    /** The report as one JSON document (field names are a contract: see docs/cli.md). */
    String json() {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("scenario", scenario);
        document.put("title", title);
        document.put("seed", seed);
        List<Object> list = new ArrayList<>();
        for (Result result : results) {
            Metrics m = result.metrics();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("algorithm", result.algorithm());
            entry.put("acquisitions", m.acquisitions());
            entry.put("notifications", m.notifications());
            entry.put("futileWakeups", m.futileWakeups());
            Map<String, Integer> ops = new LinkedHashMap<>();
            MAIN_OPS.forEach(op -> ops.put(op, m.ops().getOrDefault(op, 0)));
            m.ops().forEach(ops::putIfAbsent);
            entry.put("ops", ops);
            entry.put("opsPerAcquisition", m.opsPerAcquisition());
            entry.put("grantOrder", m.grantOrder());
            entry.put("fifoViolations", m.fifoViolations());
            entry.put("longestWaitSteps", m.longestWaitSteps());
            entry.put("violations", json(result.failures()));
            entry.put("notes", json(result.notes()));
            entry.put("events", m.events());
            list.add(entry);
        }
        document.put("results", list);
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the report as JSON", e);
        }
    }

    private static List<Object> json(List<Finding> findings) {
        List<Object> out = new ArrayList<>();
        for (Finding finding : findings) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("event", finding.at());
            one.put("kind", finding.kind());
            one.put("clients", finding.clients());
            one.put("message", finding.message());
            out.add(one);
        }
        return out;
    }
}
