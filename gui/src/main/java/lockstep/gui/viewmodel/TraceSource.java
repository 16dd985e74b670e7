package lockstep.gui.viewmodel;

import java.util.List;

import lockstep.simulator.BadInputException;
import lockstep.simulator.trace.Event;

/** Where the workbench gets its traces: running a scenario once per algorithm, or reading a trace file. */
public interface TraceSource {

    /** A scenario shipped with Lockstep, for the picker. */
    record BuiltIn(String id, String name, String title, String description) {
    }

    /**
     * What was opened: one trace per lane. {@code traceFile} is true when {@code spec} was a recorded trace (one lane,
     * its own algorithm and seed).
     */
    record Loaded(String spec, String title, List<List<Event>> traces, boolean traceFile) {
        public Loaded {
            traces = List.copyOf(traces);
        }
    }

    List<BuiltIn> builtIns();

    /** Every algorithm a lane can run, in the order the chips offer them. */
    List<String> algorithms();

    /**
     * Loads {@code spec}: a {@code .jsonl} trace file, a scenario file or a built-in id or name; a scenario is run once
     * per algorithm with {@code seed} (null: the scenario's own).
     */
    Loaded load(String spec, List<String> algorithms, Long seed) throws BadInputException;
}
