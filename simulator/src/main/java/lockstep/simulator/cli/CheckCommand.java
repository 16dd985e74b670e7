package lockstep.simulator.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import lockstep.simulator.BadInputException;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lockstep check}: a saved trace's metrics and the checker's findings on it. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check a saved trace against the invariants and print its metrics and findings.",
        footer = {"", "Examples:",
                "  lockstep check trace.jsonl",
                "  lockstep run 04 --algorithm naive --trace t.jsonl && lockstep check t.jsonl",
                "",
                "Exit codes: 0 no finding, 1 a checker finding, 2 bad input, 3 internal error."})
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "A trace file, as written by lockstep run --trace.")
    Path trace;

    @Option(names = "--json", description = "Print one JSON document on stdout instead of the table (as run --json).")
    boolean json;

    @Override
    public Integer call() throws BadInputException {
        InputKinds.refuseScenarioAsTrace(trace);
        List<Event> events = TraceFiles.read(trace);
        Event.RunStarted start = (Event.RunStarted) events.get(0);
        RunReport report = new RunReport(start.scenario(), start.title(),
                RunReport.titleShown(start.scenario(), start.title()), start.seed(),
                List.of(RunReport.Result.of(start.algorithm(), events)));
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(report.json());
            out.flush();
        } else {
            report.printText(out, trace + ": " + report.defaultTitleLine());
        }
        return report.hasFindings() ? LockstepCommand.FINDING : LockstepCommand.OK;
    }
}
