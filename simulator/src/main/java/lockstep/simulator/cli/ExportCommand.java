package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import lockstep.simulator.BadInputException;
import lockstep.simulator.export.ExportFiles;
import lockstep.simulator.export.MetricsCsv;
import lockstep.simulator.export.SequenceDiagram;
import lockstep.simulator.export.ShivizLog;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep export}: saved traces taken to other tools. Steps: check the options and the files to write, read
 * every trace (the trace reader's one-line errors), make every export in memory, then write each through a temporary
 * file and a rename; so bad input writes nothing, and no file is ever half-written.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export saved traces: a sequence diagram as SVG, a ShiViz log, or the metrics as CSV.",
        footer = {"", "Examples:",
                "  lockstep run 02 --algorithm naive --trace herd.jsonl",
                "  lockstep export herd.jsonl --svg herd.svg --shiviz herd.log",
                "  lockstep export a.jsonl b.jsonl --csv metrics.csv",
                "",
                "Paste the ShiViz log into https://bestchai.bitbucket.io/shiviz/ and keep its default parser.",
                "Exit codes: 0 fine, 2 bad input, 3 internal error."})
final class ExportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0..*", arity = "1..*", paramLabel = "TRACE",
            description = "A trace file, as written by lockstep run --trace (several with --csv).")
    List<Path> traces;

    @Option(names = "--svg", paramLabel = "FILE",
            description = "Write the sequence (Lamport) diagram of one trace as a standalone SVG; hover shows each event.")
    Path svg;

    @Option(names = "--shiviz", paramLabel = "FILE",
            description = "Write one trace as a ShiViz log: the event, then its host and vector clock.")
    Path shiviz;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Write the metrics of every trace given as CSV: a header row, one row per run and algorithm.")
    Path csv;

    @Override
    public Integer call() throws BadInputException, IOException {
        if (svg == null && shiviz == null && csv == null) {
            throw new BadInputException("lockstep export", text("export.nothing"));
        }
        if ((svg != null || shiviz != null) && traces.size() > 1) {
            throw new BadInputException("lockstep export", text("export.oneTrace", svg != null ? "--svg" : "--shiviz",
                    traces.size()));
        }
        checkWritable("--svg", svg);
        checkWritable("--shiviz", shiviz);
        checkWritable("--csv", csv);
        List<MetricsCsv.Run> runs = new ArrayList<>();
        for (Path trace : traces) {
            InputKinds.refuseScenarioAsTrace(trace);
            runs.add(new MetricsCsv.Run(trace.toString(), TraceFiles.read(trace)));
        }
        List<Event> first = runs.get(0).trace();
        Map<Path, String> files = new LinkedHashMap<>();
        if (svg != null) {
            files.put(svg, SequenceDiagram.of(first));
        }
        if (shiviz != null) {
            files.put(shiviz, ShivizLog.of(first));
        }
        if (csv != null) {
            files.put(csv, MetricsCsv.of(runs));
        }
        PrintWriter out = spec.commandLine().getOut();
        for (Map.Entry<Path, String> file : files.entrySet()) {
            ExportFiles.write(file.getKey(), file.getValue());
            out.println(text("export.wrote", file.getKey()));
        }
        out.flush();
        return LockstepCommand.OK;
    }

    /** An output file must be a file (not a directory) in an existing directory we may write to. */
    private static void checkWritable(String option, Path file) throws BadInputException {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new BadInputException("lockstep export", text("export.isADirectory", option, file));
        }
        Path directory = file.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new BadInputException("lockstep export", text("export.noSuchDirectory", option, directory));
        }
        if (!Files.isWritable(directory)) {
            throw new BadInputException("lockstep export", text("export.cannotWriteIn", option, directory));
        }
    }
}
