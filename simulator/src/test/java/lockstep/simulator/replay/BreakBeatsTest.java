package lockstep.simulator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;

/**
 * A gap that a scripted line opens and closes again has a beat of its own: the lost reply (the node exists, its owner is
 * cut off and does not know it) and the leader's death (nobody leads, the clients are cut off), read from the replay.
 */
class BreakBeatsTest {

    private static List<Event> run(String scenario) throws Exception {
        Scenario loaded = Simulations.load(scenario);
        return Simulations.run(loaded, "sequential", Simulations.seedFor(loaded, null));
    }

    private static ReplayState atTheBreak(List<Event> trace) {
        Beats beats = Beats.of(List.of(trace));
        for (int b = 0; b < beats.size(); b++) {
            if (beats.beat(b).phase() == Beats.Phase.BREAK) {
                return ReplayModel.of(trace).stateAt(beats.indexIn(0, b));
            }
        }
        throw new AssertionError("no beat of its own for the break");
    }

    @Test
    void theLostReplyIsShownBeforeTheClientFindsItsNode() throws Exception {
        ReplayState state = atTheBreak(run("12"));
        assertEquals(Event.ConnectionState.DISCONNECTED, state.client("c2").connection());
        assertTrue(state.nodeOf("c2") != null, "the server made c2's node");
        assertTrue(LaneCaptions.at(state).contains("does not know"), LaneCaptions.at(state));
    }

    @Test
    void theLeadersDeathIsShownWhileNobodyLeads() throws Exception {
        ReplayState state = atTheBreak(run("23"));
        assertEquals(0, state.ensemble().leader());
        assertEquals(Event.ConnectionState.DISCONNECTED, state.client("c1").connection());
        assertEquals(Event.Role.DOWN, state.ensemble().role(3));
    }
}
