package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import lockstep.simulator.check.Checker;
import lockstep.simulator.frame.LaneFrame;
import lockstep.simulator.frame.LaneFrames;
import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * The semaphore scenario (27: three permits, seven clients) on a real server: a semaphore is held by three at once
 * and never by more, the replay and the frames say so, a lock without permits runs it as the one-holder lock it is,
 * and every run replays byte for byte from its recorded choices.
 */
class SemaphoreRunTest {

    @ParameterizedTest
    @ValueSource(strings = {"curator-semaphore", "curator-mutex"})
    void threePermitsAreHeldByThreeAndNeverMore(String algorithm) throws Exception {
        Scenario scenario = Simulations.load("27");
        List<Event> trace = Simulations.run(scenario, algorithm, Simulations.seedFor(scenario, null));
        assertEquals(List.of(), Checker.failures(trace));
        boolean semaphore = algorithm.equals("curator-semaphore");
        ReplayModel model = ReplayModel.of(trace);
        int most = 0;
        for (int i = 0; i < model.size(); i++) {
            ReplayState state = model.stateAt(i);
            assertEquals(semaphore ? 3 : 1, state.permits(), "the trace says how many the lock admits");
            most = Math.max(most, state.realHolders().size());
            LaneFrame frame = LaneFrames.of(-1, 0, algorithm, state, scenario.clients(), List.of(), false);
            assertFalse(frame.holders().tooMany(), "drawn red at event " + i);
            assertEquals(state.permits(), frame.holders().permits());
        }
        assertEquals(semaphore ? 3 : 1, most, "the most live holders at once");
        assertEquals(TraceFiles.toJsonLines(trace),
                TraceFiles.toJsonLines(Simulations.replay(scenario, trace, "schedule")));
    }
}
