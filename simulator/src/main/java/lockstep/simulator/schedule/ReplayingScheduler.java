package lockstep.simulator.schedule;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import lockstep.simulator.trace.Event;

/**
 * Takes the choices recorded in a trace, one per choice point, in order; once they are used up, the scheduler it was
 * given decides (so a trace cut at a moment is a prefix that a run can go on from, which is how a branch starts).
 *
 * <p>A recorded choice is matched by the text of the option it took, not by its position: the option must be among
 * those offered now. If it is not, the run is not the one the trace recorded (the scenario or the algorithm changed)
 * and {@link #choose} throws {@link ScheduleMismatch}. A choice changed by hand to another option that was offered
 * gives a different run, which goes on as long as later recorded choices still fit.
 */
public final class ReplayingScheduler implements Scheduler {

    private final Deque<Event.Choice> recorded;
    private final Scheduler afterwards;
    private int used;

    public ReplayingScheduler(List<Event.Choice> recorded, Scheduler afterwards) {
        this.recorded = new ArrayDeque<>(recorded);
        this.afterwards = afterwards;
    }

    /** The choice events of a trace, in order. */
    public static List<Event.Choice> choicesOf(List<Event> trace) {
        return trace.stream().filter(Event.Choice.class::isInstance).map(Event.Choice.class::cast).toList();
    }

    @Override
    public int choose(List<Option> options) {
        Event.Choice next = recorded.poll();
        if (next == null) {
            return afterwards.choose(options);
        }
        used++;
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).text().equals(next.chosen())) {
                return i;
            }
        }
        throw new ScheduleMismatch(next, used, options.stream().map(Option::text).toList());
    }

    /** How many recorded choices have been taken. */
    public int used() {
        return used;
    }

    /** A recorded choice that the run does not offer: the trace does not belong to this scenario and algorithm. */
    public static final class ScheduleMismatch extends RuntimeException {

        private final transient Event.Choice choice;

        ScheduleMismatch(Event.Choice choice, int number, List<String> offered) {
            super(text("schedule.mismatch", number, choice.index(), choice.chosen(), String.join(", ",
                    offered.stream().map(o -> "\"" + o + "\"").toList())));
            this.choice = choice;
        }

        /** The recorded choice that does not fit. */
        public Event.Choice choice() {
            return choice;
        }
    }
}
