package lockstep.gui.source;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lockstep.algorithms.registry.Algorithms;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.gui.viewmodel.ScenarioWords;
import lockstep.simulator.BadInputException;
import lockstep.simulator.check.TraceIntegrity;
import lockstep.simulator.scenario.Wording;
import lockstep.simulator.cli.InputKinds;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.BuiltInScenarios.BuiltIn;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScriptBranch;
import lockstep.simulator.schedule.ReplayingScheduler;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * The workbench's traces from the simulator: a scenario (a file, or a built-in by id or name) is run once per
 * algorithm; a trace file is read as it is. A trace is told from a scenario by its {@code .jsonl} name or, whatever
 * its name, by its content (its first character is '{'), so a trace never goes to the scenario parser.
 */
public final class SimulatorSource implements TraceSource {

    @Override
    public List<BuiltIn> builtIns() {
        return BuiltInScenarios.list();
    }

    @Override
    public List<String> algorithms() {
        // the built-in algorithms, then the locks given with --lock (a lane may be added for each)
        List<String> all = new java.util.ArrayList<>(Algorithms.names());
        all.addAll(Algorithms.userLocks());
        return List.copyOf(all);
    }

    /** The built-in a spec names (by id or name), or null. */
    public BuiltIn builtIn(String spec) {
        for (BuiltIn b : builtIns()) {
            if (b.id().equals(spec) || b.name().equals(spec)) {
                return b;
            }
        }
        return null;
    }

    /** True when {@code spec} names a trace file rather than a scenario. */
    public static boolean isTrace(String spec) {
        return spec.toLowerCase(Locale.ROOT).endsWith(".jsonl") || InputKinds.isTrace(spec);
    }

    @Override
    public Loaded load(String spec, List<String> algorithms, Long seed) throws BadInputException {
        if (isTrace(spec)) {
            List<Event> trace = TraceFiles.read(Path.of(spec));
            TraceIntegrity.refuseBroken(trace, spec);
            Event.RunStarted run = (Event.RunStarted) trace.get(0);
            String file = " (" + Path.of(spec).getFileName() + ")";
            return new Loaded(spec, run.title() + file, List.of(trace), true, wordsOfRecorded(run, file));
        }
        checkAlgorithms(algorithms);
        Scenario scenario = Simulations.load(spec);
        long chosen = Simulations.seedFor(scenario, seed);
        List<List<Event>> traces = new ArrayList<>();
        for (String algorithm : algorithms) {
            traces.add(Simulations.run(scenario, algorithm, chosen));
        }
        BuiltIn builtIn = builtIn(spec);
        String title = builtIn != null ? builtIn.id() + " · " + builtIn.title() : scenario.title();
        ScenarioWords words = ScenarioWords.of(scenario);
        if (builtIn != null) {
            words = words.titled(framed(builtIn.id() + " · ", builtIn.titleInLanguages(), ""));
        }
        return new Loaded(spec, title, traces, false, words);
    }

    /**
     * A recorded trace's words: those of the built-in it names, when its title is still that built-in's (the trace
     * records English only), else its texts as recorded.
     */
    private static ScenarioWords wordsOfRecorded(Event.RunStarted run, String file) {
        for (BuiltInScenarios.BuiltIn b : BuiltInScenarios.list()) {
            if (b.name().equals(run.scenario()) && b.title().equals(run.title())) {
                try {
                    ScenarioWords words = ScenarioWords.of(BuiltInScenarios.load(b.name()));
                    return words.titled(framed("", b.titleInLanguages(), file));
                } catch (BadInputException e) {
                    break; // a built-in always loads; were it not to, the trace shows its own texts
                }
            }
        }
        return ScenarioWords.english(run.title() + file);
    }

    /** {@code wording} with {@code before} and {@code after} around its text in every language. */
    private static Wording framed(String before, Wording wording, String after) {
        java.util.Map<String, String> framed = new java.util.LinkedHashMap<>();
        wording.byLanguage().forEach((language, text) -> framed.put(language, before + text + after));
        return new Wording(framed);
    }

    /**
     * Runs a branch: the scenario with its edits spliced in ({@link ScriptBranch}), the recorded choices replayed,
     * then the seed. A recorded choice the edited run does not offer is reported as one line, like any bad input.
     */
    @Override
    public BranchRun branch(Branch branch) throws BadInputException {
        Scenario scenario = Simulations.load(branch.spec());
        for (Edit edit : branch.edits()) {
            scenario = ScriptBranch.after(scenario, edit.step(), edit.client(), edit.word());
        }
        Scheduler choices = new ReplayingScheduler(branch.choices(), Scheduler.seeded(branch.seed()));
        try {
            Simulations.Outcome outcome = Simulations.runToRefusal(scenario, branch.algorithm(), branch.seed(),
                    choices);
            if (outcome.refusal() == null) {
                return new BranchRun(outcome.trace(), "");
            }
            // Refused at the new line (or before it): nothing to show, the refusal is the answer.
            int newLine = branch.edits().get(branch.edits().size() - 1).step() + 1;
            long linesRun = outcome.trace().stream().filter(Event.ScriptLine.class::isInstance).count();
            if (linesRun <= newLine) {
                throw outcome.refusal();
            }
            return new BranchRun(outcome.trace(), outcome.refusal().getMessage());
        } catch (ReplayingScheduler.ScheduleMismatch mismatch) {
            throw new BadInputException(scenario.source(), "the branch does not replay: " + mismatch.getMessage());
        }
    }

    /**
     * What {@link #load} would refuse, found without running anything: an unknown algorithm, a scenario that does not
     * parse, a trace that does not read. The command line calls it before a window opens.
     */
    public void check(String spec, List<String> algorithms) throws BadInputException {
        if (isTrace(spec)) {
            TraceIntegrity.refuseBroken(TraceFiles.read(Path.of(spec)), spec);
            return;
        }
        checkAlgorithms(algorithms);
        Simulations.load(spec);
    }

    private static void checkAlgorithms(List<String> algorithms) throws BadInputException {
        for (String algorithm : algorithms) {
            if (Algorithms.find(algorithm).isEmpty()) {
                throw new BadInputException("lockstep", "unknown algorithm '" + algorithm + "' (expected one of "
                        + String.join(", ", Algorithms.names()) + ")");
            }
        }
    }
}
