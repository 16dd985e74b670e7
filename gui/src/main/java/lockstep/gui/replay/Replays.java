package lockstep.gui.replay;

import java.util.List;

import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.replay.Steps;
import lockstep.simulator.trace.Event;

/**
 * The window's access to a run: the simulator's {@link ReplayModel} (the state at any event, by snapshots and replay:
 * stepping back is seeking, never undoing), plus the run's configuration and its checker findings.
 */
public final class Replays {

    private final ReplayModel model;
    private final List<Finding> violations;
    private final Steps steps;

    private Replays(ReplayModel model) {
        this.model = model;
        this.steps = Steps.of(model.events());
        // A trace holds no findings: the checker derives them from the events, so a hand-edited trace shows its own.
        this.violations = Checker.check(model.events());
    }

    public static Replays of(List<Event> events) {
        if (events.isEmpty() || !(events.get(0) instanceof Event.RunStarted)) {
            throw new IllegalArgumentException("a trace starts with run-started");
        }
        return new Replays(ReplayModel.of(events));
    }

    public List<Event> events() {
        return model.events();
    }

    public int size() {
        return model.size();
    }

    public Event.RunStarted run() {
        return (Event.RunStarted) model.events().get(0);
    }

    /** Every checker finding of the run, wherever it shows. */
    public List<Finding> violations() {
        return violations;
    }

    /** The run cut into its script steps. */
    public Steps steps() {
        return steps;
    }

    /** The state just after event {@code index}. */
    public ReplayState stateAt(int index) {
        return model.stateAt(index);
    }
}
