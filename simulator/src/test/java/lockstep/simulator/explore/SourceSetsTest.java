package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import lockstep.simulator.schedule.Option;

/**
 * The search with source sets ({@link SourceSets}, {@link Races}) against the search with sleep sets alone and the
 * unreduced one, on small systems without a server, driven the way the conductor drives a run: the same classes of
 * runs, one unblocked run each (so the same schedules and the same count before reduction), in no more runs.
 *
 * <p>A system is segments separated by quiescent points; in each, every client a list of steps: {@code /a} reads
 * path /a, {@code /a*} writes it (and opens every notification waiting on it), {@code </a} is the client's
 * notification on /a (open only once another client wrote /a in the segment: a write opens it, the race between the
 * two cannot be reversed), {@code !x} touches nothing it says (commutes with nothing).
 */
class SourceSetsTest {

    private enum Mode { FULL, SLEEP, SOURCE }

    /** What a search made: runs, runs not blocked, the orders they stand for, and their classes. */
    private record Searched(long runs, long schedules, long orders, Set<String> classes) {
    }

    /** As the conductor describes it; each run's paths are below a lock path of its own, as in real runs. */
    private static Option option(String client, String spec, int step, int run) {
        spec = spec.replace("/", "/run-" + run + "/");
        if (spec.startsWith("!")) {
            return new Option(Option.Kind.CALL, client, client + " sync " + spec, List.of(), step);
        }
        if (spec.startsWith("<")) {
            String path = spec.substring(1);
            return new Option(Option.Kind.DELIVERY, client, client + " <- NodeDataChanged " + path, List.of(path),
                    step);
        }
        boolean write = spec.endsWith("*");
        String path = write ? spec.substring(0, spec.length() - 1) : spec;
        return new Option(Option.Kind.CALL, client, client + (write ? " setData " : " getData ") + path,
                List.of(path), step);
    }

    /** One run under {@code scheduler}; its class: the steps, and the order of every two that do not commute. */
    private static String run(List<List<List<String>>> segments, SleepSets scheduler, int run) {
        int steps = 0;
        Set<String> order = new TreeSet<>();
        for (int s = 0; s < segments.size(); s++) {
            List<List<String>> segment = segments.get(s);
            int[] next = new int[segment.size()];
            Set<String> written = new HashSet<>(); // "client path": who wrote what in this segment
            List<Option> happened = new ArrayList<>();
            List<String> ids = new ArrayList<>();
            while (true) {
                List<Option> open = new ArrayList<>();
                List<Integer> owners = new ArrayList<>();
                for (int c = 0; c < segment.size(); c++) {
                    if (next[c] == segment.get(c).size()) {
                        continue;
                    }
                    String client = "c" + (c + 1);
                    String spec = segment.get(c).get(next[c]);
                    if (spec.startsWith("<") && written.stream().noneMatch(w -> !w.startsWith(client + " ")
                            && w.endsWith(" " + spec.substring(1)))) {
                        continue; // waiting for another client's write to notify it
                    }
                    open.add(option(client, spec, steps, run));
                    owners.add(c);
                }
                if (open.isEmpty()) {
                    scheduler.quiescent();
                    break;
                }
                int taken = 0;
                if (open.size() == 1) {
                    scheduler.only(open.get(0));
                } else {
                    taken = scheduler.choose(open);
                }
                int c = owners.get(taken);
                String spec = segment.get(c).get(next[c]);
                if (spec.endsWith("*")) {
                    written.add("c" + (c + 1) + " " + spec.substring(0, spec.length() - 1));
                }
                happened.add(open.get(taken));
                ids.add(s + ":c" + (c + 1) + "#" + next[c]);
                next[c]++;
                steps++;
            }
            for (int j = 0; j < happened.size(); j++) {
                order.add(ids.get(j));
                for (int i = 0; i < j; i++) {
                    if (Orderings.ordered(happened.get(i), happened.get(j))) {
                        order.add(ids.get(i) + "<" + ids.get(j));
                    }
                }
            }
        }
        return order.toString();
    }

    private static Searched search(List<List<List<String>>> system, Mode mode) {
        SourceSets tree = mode == Mode.SOURCE ? new SourceSets() : null;
        long runs = 0;
        long schedules = 0;
        long orders = 0;
        Set<String> classes = new HashSet<>();
        for (int[] given = new int[0]; given != null; runs++) {
            SleepSets scheduler = new SleepSets(given, Integer.MAX_VALUE, mode != Mode.FULL);
            if (tree != null) {
                scheduler.sourceSets(tree);
            }
            String key = run(system, scheduler, (int) runs);
            if (!scheduler.blocked()) {
                schedules++;
                orders += scheduler.orders();
                classes.add(key);
            }
            given = scheduler.next();
        }
        return new Searched(runs, schedules, orders, classes);
    }

    /** Source sets and sleep sets make the same unblocked runs' classes, one run each, and every unreduced run. */
    private static Searched compare(List<List<List<String>>> system) {
        Searched full = search(system, Mode.FULL);
        Searched sleep = search(system, Mode.SLEEP);
        Searched source = search(system, Mode.SOURCE);
        String what = system + ": full " + full + ", sleep " + sleep + ", source " + source;
        assertEquals(full.classes(), source.classes(), what);
        assertEquals(sleep.classes(), source.classes(), what);
        assertEquals(source.classes().size(), source.schedules(), "one unblocked run per class: " + what);
        assertEquals(sleep.schedules(), source.schedules(), what);
        assertEquals(full.runs(), source.orders(), what);
        assertEquals(sleep.orders(), source.orders(), what);
        assertTrue(source.runs() <= sleep.runs(), what);
        return source;
    }

    @Test
    void threeWritersOfOnePathMakeNoBlockedRun() {
        // Three clients racing on one path: 3! classes. Sleep sets alone start each client's later steps at every
        // point and are blocked there; source sets try only what a race asks for.
        List<List<List<String>>> system = List.of(List.of(List.of("/a", "/p*"), List.of("/b", "/p*"),
                List.of("/c", "/p*")));
        Searched source = compare(system);
        Searched sleep = search(system, Mode.SLEEP);
        assertEquals(6, source.schedules());
        assertEquals(source.schedules(), source.runs(), "no blocked run");
        assertTrue(sleep.runs() > source.runs(), sleep + " against " + source);
    }

    @Test
    void independentClientsAreOneRun() {
        Searched source = compare(List.of(List.of(List.of("/a", "/a"), List.of("/b", "/b", "/b"))));
        assertEquals(1, source.runs());
    }

    @Test
    void aNotificationOpenedByAWriteIsNotReversedAgainstIt() {
        // c2 waits for a write of /p; c1 and c3 both write it: whichever writes first opens c2's notification.
        compare(List.of(List.of(List.of("/p*"), List.of("</p", "/q"), List.of("/p*", "/q"))));
        compare(List.of(List.of(List.of("/a", "/p*", "/p"), List.of("</p", "/p*"))));
    }

    @Test
    void wallsAndStepsThatCommuteWithNothing() {
        compare(List.of(List.of(List.of("/a", "/p"), List.of("/p")),
                List.of(List.of("/a"), List.of("!x", "/b"), List.of("/p", "/a"))));
        compare(List.of(List.of(List.of("!x", "/p"), List.of("!y"), List.of("/q", "/p*"))));
    }

    @Test
    void randomSmallSystemsAgreeWithSleepSetsAndTheUnreducedSearch() {
        String[] specs = {"/a", "/b", "/p", "/p*", "/q*", "</p", "</q", "!x"};
        Random random = new Random(7);
        long[] runs = new long[2]; // sleep sets alone, source sets
        for (int n = 0; n < 300; n++) {
            List<List<List<String>>> system = new ArrayList<>();
            for (int s = 1 + random.nextInt(2); s > 0; s--) {
                List<List<String>> segment = new ArrayList<>();
                for (int c = 2 + random.nextInt(2); c > 0; c--) {
                    List<String> steps = new ArrayList<>();
                    for (int k = 1 + random.nextInt(3); k > 0; k--) {
                        steps.add(specs[random.nextInt(specs.length)]);
                    }
                    segment.add(steps);
                }
                system.add(segment);
            }
            runs[1] += compare(system).runs();
            runs[0] += search(system, Mode.SLEEP).runs();
        }
        assertTrue(runs[1] < runs[0], runs[1] + " runs with source sets against " + runs[0]);
    }
}
