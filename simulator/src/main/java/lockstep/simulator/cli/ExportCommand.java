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

import lockstep.algorithms.text.Language;
import lockstep.simulator.BadInputException;
import lockstep.simulator.check.TraceIntegrity;
import lockstep.simulator.export.Export;
import lockstep.simulator.export.ExportFiles;
import lockstep.simulator.export.Exports;
import lockstep.simulator.export.MetricsCsv;
import lockstep.simulator.files.SafeFiles;
import lockstep.simulator.text.SimulatorTexts;
import lockstep.simulator.trace.TraceFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep export}: saved traces taken to other tools, one option per format of the {@link Exports} registry
 * ({@link #addExports}). Steps: check the options and the files to write, read every trace (the trace reader's
 * one-line errors), make every export in memory, then write each through a temporary file and a rename; so bad input
 * writes nothing, and no file is ever half-written.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export saved traces: a sequence diagram as SVG, a ShiViz log, the metrics as CSV, the frames the pictures draw, or a page that plays the run in a browser.",
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

    /**
     * Gives {@code export} an option {@code --NAME FILE} for each format of the {@link Exports} registry, its help the
     * English text of the help bundle's {@code lockstep.export.NAME} (a bundle set on the command line gives the
     * other languages). Called once on every command tree, before it is given a bundle.
     */
    static void addExports(CommandLine export) {
        CommandSpec command = export.getCommandSpec();
        // The formats come first, as options declared in this class would: an unknown option's one-line error lists
        // them before --help, --version, --debug and --lang.
        List<OptionSpec> others = new ArrayList<>(command.options());
        others.forEach(command::remove);
        for (Export format : Exports.all()) {
            command.addOption(OptionSpec.builder(format.option())
                    .paramLabel("FILE")
                    .type(Path.class)
                    .description(SimulatorTexts.help(Language.EN).getString(format.helpKey()))
                    .build());
        }
        others.forEach(command::addOption);
    }

    @Mixin
    ForceOption force = new ForceOption();

    @Override
    public Integer call() throws BadInputException, IOException {
        Map<Export, Path> asked = new LinkedHashMap<>();
        for (Export format : Exports.all()) {
            Path file = spec.findOption(format.option()).getValue();
            if (file != null) {
                asked.put(format, file);
            }
        }
        if (asked.isEmpty()) {
            throw new BadInputException("lockstep export", text("export.nothing",
                    listed(Exports.all().stream().map(Export::optionWithItsFile).toList())));
        }
        Export ofOne = asked.keySet().stream().filter(f -> !f.takesSeveralTraces()).findFirst().orElse(null);
        if (ofOne != null && traces.size() > 1) {
            throw new BadInputException("lockstep export", text("export.oneTrace", ofOne.option(), traces.size(),
                    listed(Exports.ofSeveralTraces().stream().map(Export::option).toList())));
        }
        for (Map.Entry<Export, Path> file : asked.entrySet()) {
            checkWritable(file.getKey().option(), force.allow(file.getValue()));
        }
        List<MetricsCsv.Run> runs = new ArrayList<>();
        for (Path trace : traces) {
            InputKinds.refuseScenarioAsTrace(trace);
            List<lockstep.simulator.trace.Event> events = TraceFiles.read(trace);
            TraceIntegrity.refuseBroken(events, trace.toString());
            runs.add(new MetricsCsv.Run(trace.toString(), events));
        }
        Map<Path, String> files = new LinkedHashMap<>();
        for (Map.Entry<Export, Path> file : asked.entrySet()) {
            files.put(file.getValue(), file.getKey().textOf(runs));
        }
        PrintWriter out = spec.commandLine().getOut();
        for (Map.Entry<Path, String> file : files.entrySet()) {
            ExportFiles.write(file.getKey(), file.getValue());
            out.println(text("export.wrote", file.getKey()));
        }
        out.flush();
        return LockstepCommand.OK;
    }

    /** Options in a message: "--svg FILE, --shiviz FILE, --csv FILE", with the language's separator. */
    private static String listed(List<String> options) {
        return String.join(text("export.listSeparator"), options);
    }

    /** An output file must be a file (not a directory) in an existing directory we may write to. */
    static void checkWritable(String option, Path file) throws BadInputException {
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
        String refused = SafeFiles.problem(file);
        if (refused != null) {
            throw new BadInputException("lockstep export", option + ": " + file + ": " + refused);
        }
    }
}
