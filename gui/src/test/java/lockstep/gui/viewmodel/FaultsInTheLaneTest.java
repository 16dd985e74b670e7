package lockstep.gui.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.check.Finding;
import lockstep.simulator.frame.Row;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;

/**
 * The lane's view model on the fault scenarios: a zombie gets the hollow key and a caption saying its session ended,
 * connection words follow the trace's connection events, the server box says stopped while it is, writes are marked
 * with their token and what the resource did, and the stale-holder note is a note, not a failure.
 */
class FaultsInTheLaneTest {

    private static LaneViewModel lane(String scenario, String algorithm) throws Exception {
        Scenario loaded = Simulations.load(scenario);
        return new LaneViewModel(Simulations.run(loaded, algorithm, Simulations.seedFor(loaded, null)));
    }

    /** The first event index after which {@code client} is a stale holder. */
    private static int firstStale(LaneViewModel vm, String client) {
        for (int i = 0; i < vm.size(); i++) {
            if (vm.replays().stateAt(i).client(client).isStaleHolder()) {
                return i;
            }
        }
        throw new AssertionError(client + " never becomes a stale holder");
    }

    @Test
    void aZombieShowsAHollowKeyAndItsEndedSession() throws Exception {
        LaneViewModel vm = lane("10", "sequential");
        int at = firstStale(vm, "c1");
        vm.seek(at);
        Row c1 = vm.frame().row("c1");
        assertEquals(Row.Key.HOLLOW, c1.key());
        assertEquals(Row.Look.ZOMBIE, c1.look());
        assertEquals("thinks it holds", LaneViewModel.word(c1));
        assertEquals("its session has ended", LaneViewModel.caption(c1));
        assertTrue(vm.frame().holders().live().isEmpty() || !vm.frame().holders().live().contains("c1"),
                "a zombie is not counted among the holders");
        vm.seek(at - 1);
        assertEquals(Row.Key.HELD, vm.frame().row("c1").key());
    }

    @Test
    void theStaleHolderNoteIsANoteAndTheUnfencedWriteAFailure() throws Exception {
        LaneViewModel vm = lane("10", "sequential");
        vm.seek(vm.size() - 1);
        List<Finding> all = vm.replays().violations();
        assertTrue(all.stream().anyMatch(f -> f.kind().equals("stale-holder") && f.note()));
        assertTrue(all.stream().anyMatch(f -> f.kind().equals("unfenced-write") && f.isFailure()));
    }

    @Test
    void writesAreMarkedWithTheirTokenAndWhatTheResourceDid() throws Exception {
        LaneViewModel vm = lane("11", "sequential");
        int refused = -1;
        for (int i = 0; i < vm.size(); i++) {
            if (vm.events().get(i) instanceof Event.Write w && !w.accepted()) {
                refused = i;
            }
        }
        assertTrue(refused > 0);
        vm.seek(refused);
        LaneViewModel.WriteMark mark = vm.writeProperty().get();
        assertTrue(mark.fresh());
        assertFalse(mark.accepted());
        assertTrue(mark.text().contains("c1 wrote with token") && mark.text().contains("refused"), mark.text());
        assertNull(lane("02", "sequential").writeProperty().get());
    }

    @Test
    void connectionWordsAndTheStoppedServerFollowTheTrace() throws Exception {
        LaneViewModel vm = lane("13", "sequential");
        int stopped = -1;
        for (int i = 0; i < vm.size() && stopped < 0; i++) {
            if (!vm.replays().stateAt(i).serverRunning()) {
                stopped = i;
            }
        }
        assertTrue(stopped > 0);
        vm.seek(stopped);
        assertTrue(vm.serverStoppedProperty().get());
        assertEquals("server stopped", vm.serverProperty().get());
        vm.seek(vm.size() - 1);
        assertFalse(vm.serverStoppedProperty().get());

        LaneViewModel nine = lane("09", "sequential");
        boolean sawDisconnected = false;
        for (int i = 0; i < nine.size(); i++) {
            nine.seek(i);
            Row c2 = nine.frame().row("c2");
            if (c2.connection() == Event.ConnectionState.DISCONNECTED) {
                assertEquals("disconnected", LaneViewModel.status(c2));
                assertEquals(Row.Look.CUT_OFF, c2.look(), "a cut-off client looks unlike a healthy one");
                sawDisconnected = true;
            }
        }
        assertTrue(sawDisconnected);
    }
}
