package lockstep.simulator.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.BadInputException;
import lockstep.simulator.check.Checker;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.trace.Event;

/**
 * {@code server leader isolate} on a real embedded ensemble of three: the cut-off leader stops serving, the other two
 * elect a new leader, its client moves and keeps its session, the lock stays safe, and after {@code server heal} the
 * old leader follows the new one.
 */
class ServerIsolateTest {

    private static final String SCRIPT = "title: isolate\nseed: 6\nclients: 3\nensemble: 3\nscript:\n";

    @Test
    void theCutOffLeaderStopsServingAndFollowsAfterTheHeal() throws Exception {
        List<Event> trace = Simulations.run(ScenarioLoader.parse("isolate.yaml", SCRIPT
                + "  - all acquire\n  - server leader isolate\n  - holder release\n  - server heal\n"
                + "  - holder release\n  - holder release\n"), "sequential", 6);

        Event.Fault isolate = fault(trace, "server-isolate");
        int old = isolate.server();
        assertEquals(3, old, "the highest-numbered server leads first");
        Event.Fault heal = fault(trace, "server-heal");
        // From the fault to the next script line: what the cut itself did.
        int nextLine = trace.stream().filter(e -> e instanceof Event.ScriptLine && e.index() > isolate.index())
                .mapToInt(Event::index).findFirst().orElseThrow();
        List<Event> cut = trace.subList(isolate.index(), nextLine);
        assertTrue(cut.stream().anyMatch(e -> e instanceof Event.ServerRole r && r.server() == old
                && r.role() == Event.Role.LOOKING), "the cut-off leader no longer serves: " + cut);
        int leader = cut.stream().filter(e -> e instanceof Event.ServerRole r && r.role() == Event.Role.LEADER)
                .map(e -> ((Event.ServerRole) e).server()).findFirst().orElse(0);
        assertTrue(leader != 0 && leader != old, "the other two elected a new leader: " + cut);
        assertTrue(cut.stream().anyMatch(e -> e instanceof Event.ClientServer s && s.client().equals("c1")
                && s.server() != old), "c1 moved off the cut-off server");
        assertTrue(cut.stream().noneMatch(e -> e instanceof Event.NodeDeleted), "no lock node vanished");

        List<Event> after = trace.subList(heal.index(), trace.size());
        assertTrue(after.stream().anyMatch(e -> e instanceof Event.ServerRole r && r.server() == old
                && r.role() == Event.Role.FOLLOWER), "the old leader follows after the heal: " + after);
        assertTrue(after.stream().noneMatch(e -> e instanceof Event.ServerRole r && r.role() == Event.Role.LEADER
                && r.server() != leader), "the new leader keeps leading");
        assertEquals(List.of(), Checker.failures(trace), "the lock stays safe");
        Event last = trace.get(trace.size() - 1);
        assertTrue(last instanceof Event.RunEnded ended && ended.outcome().equals("completed"), last.toString());
    }

    @Test
    void itIsRefusedInOneLineWhereItCannotApply() {
        String oneServer = refusal("title: x\nclients: 1\nscript:\n  - server 1 isolate\n");
        assertTrue(oneServer.contains("one server"), oneServer);
        String noSuch = refusal(SCRIPT + "  - server 4 isolate\n");
        assertTrue(noSuch.contains("no server 4"), noSuch);
        String nothingCut = refusal(SCRIPT + "  - server heal\n");
        assertTrue(nothingCut.contains("no server is cut off"), nothingCut);
        String twice = refusal(SCRIPT + "  - server 1 isolate\n  - server 2 isolate\n");
        assertTrue(twice.contains("server 1 is cut off already"), twice);
        for (String message : List.of(oneServer, noSuch, nothingCut, twice)) {
            assertEquals(1, message.lines().count(), message);
        }
    }

    private static String refusal(String yaml) {
        return assertThrows(BadInputException.class,
                () -> Simulations.run(ScenarioLoader.parse("refused.yaml", yaml), "sequential", 1)).getMessage();
    }

    private static Event.Fault fault(List<Event> trace, String kind) {
        return trace.stream().filter(e -> e instanceof Event.Fault f && f.kind().equals(kind))
                .map(Event.Fault.class::cast).findFirst().orElseThrow(() -> new AssertionError("no " + kind));
    }
}
