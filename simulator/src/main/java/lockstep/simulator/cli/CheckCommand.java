package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import lockstep.simulator.BadInputException;
import lockstep.simulator.check.TraceIntegrity;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep check}: a saved trace's metrics and the checker's findings on it. A trace no run could have written
 * ({@link TraceIntegrity}) is refused in one line, exit 2. With {@code --rerun} the recorded scenario is run again with
 * the recorded algorithm, seed and schedule, and the new trace is compared with the file byte for byte: the first line
 * that differs is one line, exit 1. A scenario edited since the trace was made (its digest is not the one the header
 * records) is refused before the run, one line, exit 2: the trace is fine, it was paired with the wrong scenario.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check a saved trace against the invariants and print its metrics and findings.",
        footer = {"", "Examples:",
                "  lockstep check trace.jsonl",
                "  lockstep run 04 --algorithm naive --trace t.jsonl && lockstep check t.jsonl",
                "  lockstep check t.jsonl --rerun",
                "",
                "Exit codes: 0 no finding, 1 a checker finding, 2 bad input, 3 internal error."})
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "A trace file, as written by lockstep run --trace.")
    Path trace;

    @Option(names = "--json", description = "Print one JSON document on stdout instead of the table (as run --json).")
    boolean json;

    @Option(names = "--rerun", description = "Run the recorded scenario again (its algorithm, seed and schedule) and "
            + "say whether the new run writes this trace byte for byte; exit 1 when it does not.")
    boolean rerun;

    /** With {@code --rerun}: the user's lock the trace was made with, loaded as {@code run --lock} loads it. */
    @picocli.CommandLine.Mixin
    LockOptions locks = new LockOptions();

    @Override
    public Integer call() throws BadInputException, IOException {
        InputKinds.refuseScenarioAsTrace(trace);
        List<Event> events = TraceFiles.read(trace);
        TraceIntegrity.refuseBroken(events, trace.toString());
        Event.RunStarted start = (Event.RunStarted) events.get(0);
        if (rerun) {
            return rerun(events, start);
        }
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

    /** The recorded run made again and compared line by line with the file: one line either way. */
    private int rerun(List<Event> events, Event.RunStarted start) throws BadInputException, IOException {
        List<String> named = locks.add();
        // A user's lock is the one this command was given, never one an earlier command of the process loaded.
        if (!named.contains(start.algorithm())
                && !lockstep.algorithms.registry.Algorithms.names().contains(start.algorithm())) {
            throw new BadInputException(trace.toString(), 1, 1, text("rerun.userLock", start.algorithm()));
        }
        Scenario scenario = Simulations.load(start.scenario());
        List<Event> again = new java.util.ArrayList<>(Simulations.replay(scenario, events, trace.toString()));
        // The new header as the recorded one gives its digest and version: a trace written before headers recorded
        // them (or by another version of Lockstep) is compared on what the run did. Its digest, when it has one, was
        // compared with the scenario's before the run (an edited scenario is refused, exit 2).
        again.set(0, ((Event.RunStarted) again.get(0)).withProvenance(start.scenarioDigest(), start.lockstepVersion()));
        List<String> recorded = Files.readString(trace, StandardCharsets.UTF_8).lines().toList();
        List<String> made = TraceFiles.toJsonLines(again).lines().toList();
        String seed = Long.toString(start.seed());
        int line = 0;
        while (line < recorded.size() && line < made.size() && recorded.get(line).equals(made.get(line))) {
            line++;
        }
        if (line == recorded.size() && line == made.size()) {
            var out = spec.commandLine().getOut();
            out.println(text("rerun.same", trace, start.scenario(), start.algorithm(), seed));
            out.flush();
            return LockstepCommand.OK;
        }
        String key = line == made.size() ? "rerun.shorter" : "rerun.differs";
        var err = spec.commandLine().getErr();
        err.println(Printable.line(text(key, trace, Integer.toString(line + 1), start.scenario(), start.algorithm(),
                seed)));
        err.flush();
        return LockstepCommand.FINDING;
    }
}
