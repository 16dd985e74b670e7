package lockstep.simulator.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** PCT on hand-made options, no server: priorities, change points, notifications counting as their client's. */
class PctSchedulerTest {

    private static final List<String> CLIENTS = List.of("c1", "c2", "c3");

    private static Option call(String client) {
        return new Option(Option.Kind.CALL, client, client + " getChildren /locks/x");
    }

    private static Option delivery(String client) {
        return new Option(Option.Kind.DELIVERY, client, client + " <- NodeDeleted /locks/x/a");
    }

    @Test
    void withoutChangePointsTheHighestPriorityClientAlwaysGoesAndNotificationsCountAsTheirClients() {
        PctScheduler pct = new PctScheduler(7, CLIENTS, 1, 10);
        String top = pct.priorities().entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow()
                .getKey();
        assertEquals(Set.of(1, 2, 3), new HashSet<>(pct.priorities().values()), "d .. d+n-1 with d = 1");
        for (int i = 0; i < 20; i++) {
            List<Option> options = new ArrayList<>();
            for (String client : CLIENTS) {
                options.add(client.equals(top) ? delivery(client) : call(client));
            }
            assertEquals(top, options.get(pct.choose(options)).client());
        }
    }

    @Test
    void eachChangePointDropsTheChosenClientBelowEveryStartingPriority() {
        PctScheduler pct = new PctScheduler(11, CLIENTS, 3, 4);
        List<Option> all = CLIENTS.stream().map(PctSchedulerTest::call).toList();
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            chosen.add(all.get(pct.choose(all)).client());
        }
        // two change points among four steps: two clients dropped to priorities 1 and 2, below 3..5
        long dropped = pct.priorities().values().stream().filter(p -> p < 3).count();
        assertEquals(2, dropped, pct.priorities().toString());
        assertTrue(chosen.stream().distinct().count() >= 2, "a change point hands over to another client: " + chosen);
    }

    @Test
    void theSameSeedGivesTheSameChoicesAndSeedsDiffer() {
        List<Option> all = CLIENTS.stream().map(PctSchedulerTest::call).toList();
        assertEquals(choices(5, all), choices(5, all));
        Set<List<Integer>> seen = new HashSet<>();
        for (long seed = 1; seed <= 20; seed++) {
            seen.add(choices(seed, all));
        }
        assertNotEquals(1, seen.size(), "seeds give different priorities");
    }

    private static List<Integer> choices(long seed, List<Option> options) {
        PctScheduler pct = new PctScheduler(seed, CLIENTS, 3, 8);
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            taken.add(pct.choose(options));
        }
        return taken;
    }
}
