package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.scenario.Action;
import lockstep.simulator.scenario.Position;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Target;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.trace.Event;

/**
 * The search of every script: which first lines it offers (counted by hand, with and without the clients' symmetry),
 * which scripts stand for which, and a gallery bug it finds at a tiny scope.
 */
class EveryScriptTest {

    private static List<String> clients(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> "c" + i).toList();
    }

    /** How many lines the generator offers as a run's first, every client idle. */
    private static int firstLines(int clients, List<Fault> faults, boolean symmetric) {
        int[] offered = {-1};
        ScriptGenerator script = ScriptGenerator.everyScript(options -> {
            offered[0] = options;
            return 0;
        }, clients(clients), faults, 2, false, true, List.of(), symmetric, false);
        script.next(LiveReplay.startingWith(new Event.RunStarted(0, "s", "t", "naive", 1, "/lock", clients(clients),
                false)));
        return offered[0];
    }

    private static List<Fault> faults(String... names) {
        return java.util.Arrays.stream(names).map(n -> Faults.byName(n).orElseThrow()).toList();
    }

    @Test
    void theFirstLineIsEveryLineThatFitsOrOnePerFamily() {
        // 2 clients, crash: c1|c2 acquire, c1|c2 crash, and the 2 x 2 races: 8. Up to the names: c1 acquire, c1 crash,
        // and the races {acquire, acquire}, {acquire, crash}, {crash, crash}: 5.
        assertEquals(8, firstLines(2, faults("crash"), false));
        assertEquals(5, firstLines(2, faults("crash"), true));
        // 3 clients, crash and expire, 3 things each: 9 alone, 3 x 9 races of two, 27 of three: 63. Up to the names:
        // 3 alone, 6 races of two (pairs of kinds), 10 of three (triples of kinds): 19.
        assertEquals(63, firstLines(3, faults("crash", "expire"), false));
        assertEquals(19, firstLines(3, faults("crash", "expire"), true));
    }

    private static Action line(String client, String rest) {
        Verb verb = rest.equals("acquire") ? Verb.ACQUIRE : rest.equals("release") ? Verb.RELEASE : null;
        return new Action(new Position("t", 1, 1), client + " " + rest, new Target.Client(client), verb, null,
                verb == null ? Faults.byName(rest).orElseThrow() : null);
    }

    @Test
    void aScriptIsWrittenOnlyAsTheLeastOfItsRenamings() {
        List<String> three = clients(3);
        assertTrue(Symmetry.isLeast(List.of(line("c1", "acquire"), line("c2", "crash")), three));
        assertFalse(Symmetry.isLeast(List.of(line("c2", "acquire")), three), "c1 comes first");
        assertFalse(Symmetry.isLeast(List.of(line("c1", "acquire"), line("c3", "crash")), three),
                "c3 before c2 renames to a smaller script");
        assertTrue(Symmetry.isLeast(List.of(line("c1", "acquire"), line("c1", "release")), three));
        Step race = ScriptGenerator.together(new Position("t", 1, 1), List.of(line("c1", "crash"),
                line("c2", "acquire")));
        assertFalse(Symmetry.isLeast(List.of(race), three), "the race's acquire goes to c1");
        assertEquals(3, Symmetry.family(List.of(line("c1", "acquire")), three));
        assertEquals(6, Symmetry.family(List.of(line("c1", "acquire"), line("c2", "crash")), three));
        assertEquals(3, Symmetry.family(List.of(ScriptGenerator.together(new Position("t", 1, 1),
                List.of(line("c1", "acquire"), line("c2", "acquire")))), three));
        assertTrue(ScriptGenerator.symmetryHolds(faults("crash", "expire", "give-up")));
        assertFalse(ScriptGenerator.symmetryHolds(faults("crash", "pause")), "paused clients come back in order");
    }

    @Test
    void everyScriptOfThreeLinesFindsAPersistentNode(@TempDir Path out) throws Exception {
        // Depth first, the third script of two clients: c1 acquire, c2 acquire, c1 crash leaves c1's node behind and
        // c2 waiting for it.
        Explorer.Summary summary = Explorer.explore(new Explorer.Settings(Algorithms.get("bug-persistent-node"), 2,
                faults("crash"), 1, 1, Strategy.EXHAUSTIVE, 3, out, 1, Explorer.Settings.DEFAULT_DEPTH, true),
                Explorer.Progress.NONE);
        assertTrue(summary.found(), summary.toString());
        assertTrue(summary.every().everyScript());
        Counterexample found = summary.findings().get(0);
        assertEquals(1, found.faults(), found.toString());
        assertEquals(3, found.lines(), found.toString());
        assertTrue(summary.runs() < 40, summary.toString());
    }

    @Test
    void theCountBeforeReductionIsWhatRunningTheUnreducedSearchCounts(@TempDir Path out) throws Exception {
        // Every script of one line over 2 clients under naive: c1 acquire, and the race of two acquires; the
        // unreduced search run again (--count-by-running) beside the count from the reduced search's orders.
        Explorer.Summary summary = Explorer.explore(new Explorer.Settings(Algorithms.get("naive"), 2, List.of(), 1, 1,
                Strategy.EXHAUSTIVE, 1, out, 1, Explorer.Settings.DEFAULT_DEPTH, true, true).withLockPathMade(false),
                Explorer.Progress.NONE); // a fresh path: the two race to make it, which the reduction has to cut
        assertFalse(summary.found(), summary.toString());
        Explorer.Every every = summary.every();
        assertEquals(every.full(), every.orders(), every.toString());
        assertTrue(every.full() > every.reduced(), every.toString());
    }
}
