package lockstep.gui.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;

/**
 * The servers and session lines a lane draws: one box on a single server, and on an ensemble a box per server named
 * with its role, the leader starred, a dead server not serving, and each client's line going to its own server's box.
 */
class SessionsTest {

    private static LaneViewModel lane(String scenario, String algorithm) throws Exception {
        Scenario loaded = Simulations.load(scenario);
        return new LaneViewModel(Simulations.run(loaded, algorithm, Simulations.seedFor(loaded, null)));
    }

    @Test
    void oneServerIsOneBoxAndEveryLineGoesToIt() throws Exception {
        LaneViewModel vm = lane("04", "sequential");
        vm.seek(vm.size() - 1);
        Sessions sessions = Sessions.of(vm.frame());
        assertEquals(List.of(new Sessions.Server("server", true, "up")), sessions.servers());
        assertTrue(sessions.lines().stream().allMatch(line -> line.server() == 0));
    }

    @Test
    void anEnsembleHasABoxPerServerAndEachLineGoesToItsClientsServer() throws Exception {
        LaneViewModel vm = lane("23", "sequential");
        vm.seek(vm.size() - 1);
        ReplayState s = vm.getState();
        Sessions sessions = Sessions.of(vm.frame());
        assertEquals(List.of("s1", "s2", "s3"), sessions.servers().stream().map(Sessions.Server::name).toList());
        int leader = s.ensemble().leader();
        assertEquals("\u2605leader", sessions.servers().get(leader - 1).word());
        for (int n = 1; n <= 3; n++) {
            Sessions.Server box = sessions.servers().get(n - 1);
            assertEquals(s.ensemble().role(n) != lockstep.simulator.trace.Event.Role.DOWN, box.running(), box.toString());
        }
        assertFalse(sessions.servers().stream().allMatch(Sessions.Server::running), "scenario 23 kills a server");
        for (Sessions.Line line : sessions.lines()) {
            assertEquals(s.ensemble().serverOf(line.client()) - 1, line.server(), line.toString());
        }
    }
}
