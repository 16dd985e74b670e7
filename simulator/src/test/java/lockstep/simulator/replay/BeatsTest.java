package lockstep.simulator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.frame.Tally;
import lockstep.simulator.trace.Event;

/** Beats over the herd scenario's naive and sequential runs: the same moment in both lanes, and only whole moments. */
class BeatsTest {

    private static List<Event> naive;
    private static List<Event> sequential;
    private static Beats beats;

    @BeforeAll
    static void runTheHerd() throws Exception {
        Scenario herd = Simulations.load("02");
        long seed = Simulations.seedFor(herd, null);
        naive = Simulations.run(herd, "naive", seed);
        sequential = Simulations.run(herd, "sequential", seed);
        beats = Beats.of(List.of(naive, sequential));
    }

    private static int stepOf(List<Event> trace, int index) {
        for (int i = index; i >= 0; i--) {
            if (trace.get(i) instanceof Event.ScriptLine s) {
                return s.step();
            }
        }
        return 0;
    }

    @Test
    void everyLaneShowsTheBeatsStepAndNeverGoesBack() {
        int[] last = {0, 0};
        for (int b = 0; b < beats.size(); b++) {
            for (int lane = 0; lane < 2; lane++) {
                List<Event> trace = lane == 0 ? naive : sequential;
                int at = beats.indexIn(lane, b);
                assertEquals(beats.beat(b).step(), stepOf(trace, at), "beat " + b + " lane " + lane);
                assertTrue(at >= last[lane], "lane " + lane + " goes back at beat " + b);
                last[lane] = at;
            }
        }
        assertEquals(0, beats.indexIn(0, 0));
        assertEquals(naive.size() - 1, beats.indexIn(0, beats.size() - 1));
        assertEquals(sequential.size() - 1, beats.indexIn(1, beats.size() - 1));
    }

    @Test
    void atEveryBeatHoldersOwnANodeAndNodeOwnersAreNotShownIdle() {
        for (int lane = 0; lane < 2; lane++) {
            ReplayModel model = ReplayModel.of(lane == 0 ? naive : sequential);
            for (int b = 0; b < beats.size(); b++) {
                ReplayState s = model.stateAt(beats.indexIn(lane, b));
                for (String holder : s.holders()) {
                    assertTrue(s.znodes().values().stream().anyMatch(z -> z.owner().equals(holder)),
                            holder + " holds without a node at beat " + b + " lane " + lane);
                }
                for (ReplayState.Znode z : s.znodes().values()) {
                    Event.State owner = s.clients().get(z.owner()).state();
                    assertTrue(owner == Event.State.HOLDING || owner == Event.State.WAITING
                                    || owner == Event.State.REQUESTING,
                            z.path() + " owned by a " + owner + " client at beat " + b + " lane " + lane);
                    if (lane == 0) {
                        assertEquals(Event.State.HOLDING, owner, "the naive lock node's owner holds, beat " + b);
                    }
                }
            }
        }
    }

    @Test
    void eachReleaseShowsTheCallTheNotificationsAndTheGrantInBothLanes() {
        int releaseStep = 5;
        List<Beats.Phase> phases = new ArrayList<>();
        for (Beats.Beat beat : beats.all()) {
            if (beat.step() == releaseStep) {
                phases.add(beat.phase());
            }
        }
        assertEquals(List.of(Beats.Phase.CALL, Beats.Phase.NOTIFY, Beats.Phase.GRANT, Beats.Phase.SETTLE), phases);
        int notify = beats.firstBeatOfStep(releaseStep) + 1;
        assertEquals(new Tally(1, 9, 0), Tally.of(ReplayModel.of(naive).stateAt(beats.indexIn(0, notify))));
        assertEquals(new Tally(1, 1, 0), Tally.of(ReplayModel.of(sequential).stateAt(beats.indexIn(1, notify))));
        int end = beats.lastBeatOfStep(releaseStep);
        assertEquals(new Tally(1, 9, 1), Tally.of(ReplayModel.of(naive).stateAt(beats.indexIn(0, end))));
        assertEquals(new Tally(1, 1, 1), Tally.of(ReplayModel.of(sequential).stateAt(beats.indexIn(1, end))));
        ReplayState woken = ReplayModel.of(naive).stateAt(beats.indexIn(0, notify));
        assertEquals(9, woken.clients().values().stream().filter(ReplayState.ClientView::woken).count());
        assertEquals(0, woken.counters().futileWakeups(), "futility is not known yet");
        ReplayState settled = ReplayModel.of(naive).stateAt(beats.indexIn(0, end));
        assertEquals(8, settled.counters().futileWakeups());
        assertTrue(settled.clients().values().stream().noneMatch(ReplayState.ClientView::woken));
    }

    @Test
    void aLineNumberFindsItsLastBeatAndNarrationIsMarked() {
        int b = beats.lastBeatOfLine(51);
        assertEquals(13, beats.beat(b).step(), "the repeated line's last execution");
        assertTrue(beats.beat(b).lastOfStep());
        assertEquals(-1, beats.lastBeatOfLine(999));
        assertTrue(beats.all().stream().anyMatch(Beats.Beat::narration));
    }
}
