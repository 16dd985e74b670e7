package lockstep.simulator.run;

import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.scenario.Step;

/** Hands a run its script one line at a time, each chosen knowing the state the run has reached. */
@FunctionalInterface
public interface StepSource {

    /** The next line to run, given the run's state after the previous one settled; null when the script ends. */
    Step next(LiveReplay state);
}
