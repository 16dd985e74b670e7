package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import lockstep.simulator.schedule.Option;

/**
 * The sleep-set search on hand-made systems, no server: each client a fixed list of options, played as the conductor
 * plays a run (it asks only when two or more are open, tells of a lone one). The reduced search must reach every
 * end state the full one reaches, in fewer schedules when options commute.
 */
class SleepSetsTest {

    /** A client's next options, in order; an option is (text, touched path). */
    private static Map<String, List<String[]>> system(String... clientsAndOps) {
        Map<String, List<String[]>> system = new LinkedHashMap<>();
        for (String spec : clientsAndOps) {
            String[] parts = spec.split(":");
            List<String[]> ops = new ArrayList<>();
            for (String op : parts[1].split(",")) {
                ops.add(new String[] {parts[0] + " " + op, op.substring(op.indexOf(' ') + 1)});
            }
            system.put(parts[0], ops);
        }
        return system;
    }

    /** Plays one run under {@code scheduler}; the order the options happened in. */
    private static List<String> play(Map<String, List<String[]>> system, SleepSets scheduler) {
        Map<String, Integer> next = new LinkedHashMap<>();
        system.keySet().forEach(c -> next.put(c, 0));
        List<String> happened = new ArrayList<>();
        int step = 0;
        while (true) {
            List<Option> open = new ArrayList<>();
            for (var client : system.entrySet()) {
                int at = next.get(client.getKey());
                if (at < client.getValue().size()) {
                    String[] op = client.getValue().get(at);
                    open.add(new Option(Option.Kind.CALL, client.getKey(), op[0], List.of(op[1]), step));
                }
            }
            if (open.isEmpty()) {
                return happened;
            }
            int chosen = 0;
            if (open.size() > 1) {
                chosen = scheduler.choose(open);
            } else {
                scheduler.only(open.get(0));
            }
            Option taken = open.get(chosen);
            happened.add(taken.text());
            next.merge(taken.client(), 1, Integer::sum);
            step++;
        }
    }

    /** Schedules not blocked, and the distinct end "states" (for each path, the order of its writers). */
    private record Explored(int schedules, int runs, Set<String> ends) {
    }

    private static Explored explore(Map<String, List<String[]>> system, boolean reduce) {
        int runs = 0;
        int schedules = 0;
        Set<String> ends = new HashSet<>();
        int[] given = new int[0];
        while (given != null) {
            SleepSets scheduler = new SleepSets(given, 100, reduce);
            List<String> happened = play(system, scheduler);
            runs++;
            if (!scheduler.blocked()) {
                schedules++;
            }
            // What the run leaves: per path, the order its options happened in (options on one path do not commute).
            Map<String, List<String>> perPath = new java.util.TreeMap<>();
            for (String text : happened) {
                perPath.computeIfAbsent(text.substring(text.lastIndexOf(' ') + 1), p -> new ArrayList<>()).add(text);
            }
            ends.add(perPath.toString());
            given = scheduler.next();
        }
        return new Explored(schedules, runs, ends);
    }

    @Test
    void optionsThatAllCommuteAreTriedInOneOrderOnly() {
        Map<String, List<String[]>> system = system("c1:exists /a,exists /b", "c2:exists /c,exists /d");
        Explored full = explore(system, false);
        Explored reduced = explore(system, true);
        assertEquals(6, full.schedules(), "every interleaving of two and two");
        assertEquals(1, reduced.schedules());
        assertEquals(full.ends(), reduced.ends());
    }

    @Test
    void optionsOnOnePathAreTriedInEveryOrder() {
        Map<String, List<String[]>> system = system("c1:create /a,delete /a", "c2:exists /a,exists /a");
        Explored full = explore(system, false);
        Explored reduced = explore(system, true);
        assertEquals(6, full.schedules());
        assertEquals(6, reduced.schedules(), "nothing commutes: nothing is left out");
        assertEquals(full.ends(), reduced.ends());
    }

    @Test
    void aMixedSystemKeepsOneScheduleForEachOrderOfItsDependentOptions() {
        // x and z on /a do not commute; y on /b commutes with z: the classes are "z before x" and "x before z".
        Map<String, List<String[]>> system = system("c1:x /a,y /b", "c2:z /a");
        Explored full = explore(system, false);
        Explored reduced = explore(system, true);
        assertEquals(3, full.schedules());
        assertEquals(2, reduced.schedules());
        assertEquals(1, reduced.runs() - reduced.schedules(), "one run blocked by its sleep set");
        assertEquals(full.ends(), reduced.ends());
        assertEquals(2, full.ends().size());
    }

    @Test
    void threeClientsReachEveryEndStateInFewerSchedules() {
        Map<String, List<String[]>> system = system("c1:a /p,b /q", "c2:c /p,d /r", "c3:e /q,f /r");
        Explored full = explore(system, false);
        Explored reduced = explore(system, true);
        assertEquals(90, full.schedules(), "6! / (2! 2! 2!)");
        assertEquals(full.ends(), reduced.ends());
        assertEquals(full.ends().size(), reduced.schedules(), "one schedule for each end state: sleep sets are "
                + "optimal here");
    }
}
