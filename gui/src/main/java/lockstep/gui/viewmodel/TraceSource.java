package lockstep.gui.viewmodel;

import java.util.List;

import lockstep.simulator.BadInputException;
import lockstep.simulator.scenario.BuiltInScenarios.BuiltIn;
import lockstep.simulator.trace.Event;

/** Where the workbench gets its traces: running a scenario once per algorithm, or reading a trace file. */
public interface TraceSource {

    /**
     * What was opened: one trace per lane. {@code traceFile} is true when {@code spec} was a recorded trace (one lane,
     * its own algorithm and seed). {@code words} gives the title and the narration in the window's language (the
     * traces record them in English).
     */
    record Loaded(String spec, String title, List<List<Event>> traces, boolean traceFile, ScenarioWords words) {
        public Loaded {
            traces = List.copyOf(traces);
        }

        public Loaded(String spec, String title, List<List<Event>> traces, boolean traceFile) {
            this(spec, title, traces, traceFile, ScenarioWords.english(title));
        }
    }

    /** The scenarios shipped with Lockstep, for the picker: titles and descriptions in every language they have. */
    List<BuiltIn> builtIns();

    /** Every algorithm a lane can run, in the order the chips offer them. */
    List<String> algorithms();

    /**
     * Loads {@code spec}: a {@code .jsonl} trace file, a scenario file or a built-in id or name; a scenario is run once
     * per algorithm with {@code seed} (null: the scenario's own).
     */
    Loaded load(String spec, List<String> algorithms, Long seed) throws BadInputException;

    /**
     * One new script line put in after step {@code step} of a lane's script ({@code c2 crash}, {@code c1 acquire}).
     * A branch of a branch carries every edit, oldest first, each numbered in the script the one before made.
     */
    record Edit(int step, String client, String word) {
    }

    /**
     * A lane to run again with its script edited: the same scenario, algorithm and seed, the recorded choices
     * replayed in order, the seed deciding once they run out.
     */
    record Branch(String spec, String algorithm, long seed, List<Edit> edits, List<Event.Choice> choices) {
        public Branch {
            edits = List.copyOf(edits);
            choices = List.copyOf(choices);
        }
    }

    /**
     * A branch's run: its trace, and when a later line of the rest of the script no longer fits (a crashed client
     * cannot be released again), that line's one-line refusal, the trace then ending there ("" when the script ran
     * to its end).
     */
    record BranchRun(List<Event> trace, String stopped) {
        public BranchRun {
            trace = List.copyOf(trace);
        }
    }

    /**
     * Runs a branch.
     *
     * @throws BadInputException when the new line itself does not fit the state it meets (the run's one-line error)
     */
    default BranchRun branch(Branch branch) throws BadInputException {
        throw new BadInputException("lockstep", "this source cannot branch a run (expected a scenario)");
    }
}
