package lockstep.simulator.replay;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.trace.Event;

/**
 * A trace cut into its script steps: step {@code k} (1-based) starts at the k-th {@link Event.ScriptLine} event and
 * runs to the event before the next one; step 0 is what comes before the first line (the servers starting, the
 * clients connecting). The one answer to "which script line does this event belong to", for the beats, the window's
 * status line and timeline, and the branches a what-if cuts.
 *
 * <p>Guarantees: every event belongs to exactly one step; steps are in trace order; computed once, in one pass.
 */
public final class Steps {

    private final List<Event> trace;
    private final int[] stepOfEvent;
    private final int[] start;

    private Steps(List<Event> trace) {
        this.trace = trace;
        stepOfEvent = new int[trace.size()];
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < trace.size(); i++) {
            if (trace.get(i) instanceof Event.ScriptLine) {
                starts.add(i);
            }
            stepOfEvent[i] = starts.size() - 1;
        }
        start = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The steps of {@code trace} (which should start with run-started). */
    public static Steps of(List<Event> trace) {
        return new Steps(trace);
    }

    /** The number of script steps (executed lines; a repeated line counts each time). */
    public int count() {
        return start.length - 1;
    }

    /** The step (0 before the first line) that event {@code i} belongs to; {@code i} is clamped to the trace. */
    public int of(int i) {
        return stepOfEvent.length == 0 ? 0 : stepOfEvent[Math.max(0, Math.min(stepOfEvent.length - 1, i))];
    }

    /** The first event of step {@code k} (its script-line event; 0 for step 0); {@code k} is clamped. */
    public int start(int k) {
        return start[Math.max(0, Math.min(start.length - 1, k))];
    }

    /** The last event of step {@code k}. */
    public int end(int k) {
        return k + 1 < start.length ? start[Math.max(0, k + 1)] - 1 : trace.size() - 1;
    }

    /** Step {@code k}'s script-line event, if it has one (step 0 has none). */
    public java.util.Optional<Event.ScriptLine> line(int k) {
        return k > 0 && trace.get(start(k)) instanceof Event.ScriptLine s ? java.util.Optional.of(s)
                : java.util.Optional.empty();
    }

    /** The scenario file's line number of step {@code k} (0 for step 0). */
    public int fileLine(int k) {
        return line(k).map(Event.ScriptLine::line).orElse(0);
    }

    /** The script text of step {@code k} ("" for step 0). */
    public String text(int k) {
        return line(k).map(Event.ScriptLine::text).orElse("");
    }
}
