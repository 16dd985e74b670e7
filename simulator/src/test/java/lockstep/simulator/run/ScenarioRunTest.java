package lockstep.simulator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import lockstep.simulator.BadInputException;
import lockstep.simulator.check.Metrics;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.check.Checker;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/** Script lines against the state they meet, pinned races, and what a trace must never contain. */
class ScenarioRunTest {

    private static Scenario scenario(String yaml) throws BadInputException {
        return ScenarioLoader.parse("test.yaml", yaml);
    }

    @Test
    void aReleaseByAClientThatHoldsNothingStopsTheRunAtItsLine() throws Exception {
        Scenario s = scenario("title: t\nclients: 2\nscript:\n  - c1 acquire\n  - c2 acquire\n  - c2 release\n");
        BadInputException e = assertThrows(BadInputException.class, () -> Simulations.run(s, "sequential", 1));
        assertEquals("test.yaml:6:5: c2 cannot release: it is waiting for the lock"
                + " (expected a client that holds the lock)", e.getMessage());
    }

    @Test
    void anAcquireByAWaitingClientAndAReleaseWithNoHolderAreRefused() throws Exception {
        Scenario twice = scenario("title: t\nclients: 2\nscript:\n  - all acquire\n  - c2 acquire\n");
        assertEquals("test.yaml:5:5: c2 cannot acquire: it is waiting for the lock"
                        + " (expected a client that does not wait)",
                assertThrows(BadInputException.class, () -> Simulations.run(twice, "naive", 1)).getMessage());
        Scenario nobody = scenario("title: t\nclients: 1\nscript:\n  - holder release\n");
        assertEquals("test.yaml:4:5: nobody holds the lock (expected a holder for 'holder release')",
                assertThrows(BadInputException.class, () -> Simulations.run(nobody, "naive", 1)).getMessage());
    }

    @Test
    void aLockPathMadeBeforeTheFirstLineLeavesTheFirstAcquiresNothingToMakeButTheirNodes() throws Exception {
        String race = "clients: 3\nscript:\n  - together: [c1 acquire, c2 acquire, c3 acquire]\n";
        List<Event> fresh = Simulations.run(scenario("title: fresh\n" + race), "sequential", 1);
        List<Event> made = Simulations.run(scenario("title: made\nlockPathMade: true\n" + race), "sequential", 1);
        assertEquals(List.of("/locks", "/locks/test"), createdOutside(fresh), "the first acquires make the parents");
        assertEquals(List.of(), createdOutside(made), "nothing above the lock's own children");
        assertEquals(3, made.stream().filter(e -> e instanceof Event.Call call && call.op() == Event.Op.CREATE).count(),
                "one create each, none refused for want of a parent");
        assertEquals(Metrics.of(made).grantOrder().size(), 1);
    }

    /** The nodes a run created that are not the lock's children: the lock's path and its parents. */
    private static List<String> createdOutside(List<Event> trace) {
        return trace.stream().filter(e -> e instanceof Event.NodeCreated).map(e -> ((Event.NodeCreated) e).path())
                .filter(path -> !path.startsWith("/locks/test/")).toList();
    }

    @Test
    void anUnknownAlgorithmIsBadInput() throws Exception {
        Scenario s = scenario("title: t\nclients: 1\nscript:\n  - c1 acquire\n");
        BadInputException e = assertThrows(BadInputException.class, () -> Simulations.run(s, "ticket", 1));
        assertTrue(e.getMessage().contains("unknown algorithm 'ticket' (expected one of naive"), e.getMessage());
    }

    @Test
    void theSeedPinsARaceAndAnotherSeedMayDecideItOtherwise() throws Exception {
        Scenario race = scenario("title: race\nclients: 4\nscript:\n"
                + "  - together: [c1 acquire, c2 acquire, c3 acquire, c4 acquire]\n"
                + "  - holders release\n  - holders release\n  - holders release\n  - holders release\n");
        List<String> first = Metrics.of(Simulations.run(race, "naive", 1)).grantOrder();
        assertEquals(first, Metrics.of(Simulations.run(race, "naive", 1)).grantOrder(), "same seed, same race");
        boolean anotherOrder = false;
        for (long seed = 2; seed <= 8 && !anotherOrder; seed++) {
            anotherOrder = !Metrics.of(Simulations.run(race, "naive", seed)).grantOrder().equals(first);
        }
        assertTrue(anotherOrder, "some other seed interleaves the four creates differently");
    }

    @Test
    void aTraceHoldsNoGuidNoSessionIdAndNoTime() throws Exception {
        Pattern uuid = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
        Pattern sessionId = Pattern.compile("0x[0-9a-f]{6,}");
        for (String algorithm : List.of("sequential", "curator-mutex", "curator-rwlock")) {
            List<Event> trace = Simulations.run(Simulations.load("05"), algorithm, 5);
            String text = TraceFiles.toJsonLines(trace);
            assertFalse(uuid.matcher(text).find(), algorithm + " trace shows a GUID");
            assertFalse(sessionId.matcher(text).find(), algorithm + " trace shows a session id");
            assertTrue(text.contains("_c_c2-"), algorithm + " writes the protection prefix as the client's name");
        }
    }

    @Test
    void aGiveUpLeavesNothingBehindAndTheNextWaiterReAims() throws Exception {
        List<Event> trace = Simulations.run(Simulations.load("05"), "sequential", 5);
        assertEquals(List.of(), Checker.check(trace));
        // c4 watched c3; when c3 gave up, c4 was woken once, found c2 just before it, and watched c2.
        List<String> c4Waits = trace.stream().filter(e -> e instanceof Event.ClientState s
                        && s.client().equals("c4") && s.state() == Event.State.WAITING)
                .map(e -> ((Event.ClientState) e).watching()).toList();
        assertEquals(2, c4Waits.size(), c4Waits.toString());
        assertTrue(c4Waits.get(0).contains("_c_c3-"), c4Waits.get(0));
        assertTrue(c4Waits.get(1).contains("_c_c2-"), c4Waits.get(1));
        assertNotEquals(c4Waits.get(0), c4Waits.get(1));
    }
}
