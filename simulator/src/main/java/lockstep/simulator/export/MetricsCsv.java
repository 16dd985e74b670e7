package lockstep.simulator.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.check.Metrics;
import lockstep.simulator.trace.Event;

/**
 * The metrics of one or more runs as CSV (RFC 4180: a header row, then one row per run and algorithm, a field quoted
 * when it holds a comma, a quote or a line break; a field that starts like a spreadsheet formula is neutralised with a
 * leading apostrophe). The figures are those of {@link Metrics} and {@link Checker}, as
 * {@code lockstep check} prints them; the column names are the field names of {@code lockstep run --json}, with one
 * column per ZooKeeper operation.
 */
public final class MetricsCsv {

    /** One run to put in a row: where it came from (a file name) and its trace. */
    public record Run(String source, List<Event> trace) {
    }

    private MetricsCsv() {
    }

    /** The header row's columns, in order. */
    public static List<String> header() {
        List<String> columns = new ArrayList<>(List.of("trace", "scenario", "algorithm", "seed", "acquisitions",
                "notifications", "futileWakeups"));
        for (Event.Op op : Event.Op.values()) {
            columns.add(op.label());
        }
        columns.addAll(List.of("opsPerAcquisition", "fifoViolations", "longestWaitSteps", "violations", "notes",
                "events", "grantOrder"));
        return columns;
    }

    /** The whole CSV text, a CRLF-free file: every row ends in {@code \n}. */
    public static String of(List<Run> runs) {
        StringBuilder out = new StringBuilder();
        row(out, header());
        for (Run run : runs) {
            Event.RunStarted start = (Event.RunStarted) run.trace().get(0);
            Metrics m = Metrics.of(run.trace());
            List<Finding> findings = Checker.check(run.trace());
            List<String> cells = new ArrayList<>(List.of(run.source(), start.scenario(), start.algorithm(),
                    String.valueOf(start.seed()), String.valueOf(m.acquisitions()), String.valueOf(m.notifications()),
                    String.valueOf(m.futileWakeups())));
            for (Event.Op op : Event.Op.values()) {
                cells.add(String.valueOf(m.ops().getOrDefault(op.label(), 0)));
            }
            cells.add(String.format(Locale.ROOT, "%.2f", m.opsPerAcquisition()));
            cells.add(String.valueOf(m.fifoViolations()));
            cells.add(String.valueOf(m.longestWaitSteps()));
            cells.add(String.valueOf(findings.stream().filter(Finding::isFailure).count()));
            cells.add(String.valueOf(findings.stream().filter(Finding::note).count()));
            cells.add(String.valueOf(m.events()));
            cells.add(String.join(" ", m.grantOrder()));
            row(out, cells);
        }
        return out.toString();
    }

    private static void row(StringBuilder out, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(cells.get(i)));
        }
        out.append('\n');
    }

    static String field(String value) {
        // A cell a spreadsheet would take for a formula (=HYPERLINK(...), +, -, @, or a tab or CR before one) is
        // neutralised with a leading apostrophe, as OWASP advises: the text shows, nothing is evaluated.
        if (!value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0) {
            value = "'" + value;
        }
        if (value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r")) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }
}
