package lockstep.simulator.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.fault.Fault;

/**
 * The stateful search of every script (a state seen before is not explored again, {@link SeenStates}) counts what
 * the stateless one runs over every naming (docs/design/search.md, "States seen before"). That it finds what the
 * stateless one found is {@code EveryScriptTest}'s persistent node, searched stateful since. Both, with source sets
 * (the default) and with sleep sets alone, count the same ({@link SourceSets}).
 */
class StatefulSearchTest {

    private static Explorer.Summary search(String algorithm, List<Fault> faults, int lines, boolean stateless,
                                           Path out) throws Exception {
        return search(algorithm, faults, lines, stateless, Reduction.SOURCE, out);
    }

    private static Explorer.Summary search(String algorithm, List<Fault> faults, int lines, boolean stateless,
                                           Reduction reduction, Path out) throws Exception {
        return Explorer.explore(new Explorer.Settings(Algorithms.get(algorithm), 2, faults, 1, 1,
                Strategy.EXHAUSTIVE, lines, out, 1, Explorer.Settings.DEFAULT_DEPTH, true, false, stateless,
                stateless, reduction).withLockPathMade(false), Explorer.Progress.NONE); // the race to make it too
    }

    @Test
    void sourceSetsCountWhatSleepSetsCountInNoMoreRuns(@TempDir Path out) throws Exception {
        // Every script of two lines over two clients, no faults, each run on the real server: the same schedules and
        // the same count before reduction (one unblocked run per class either way), the blocked runs fewer. Stateless:
        // the test above has the stateful search (source sets) count what the stateless one does.
        Explorer.Summary sleep = search("naive", List.of(), 2, true, Reduction.SLEEP, out);
        Explorer.Summary source = search("naive", List.of(), 2, true, Reduction.SOURCE, out);
        assertFalse(sleep.found() || source.found(), sleep + " " + source);
        assertEquals(sleep.every().reduced(), source.every().reduced(), sleep.every() + " against " + source.every());
        assertEquals(sleep.every().full(), source.every().full(), sleep.every() + " against " + source.every());
        assertTrue(source.runs() <= sleep.runs(), source.runs() + " runs against " + sleep.runs());
    }

    @Test
    void theStatefulSearchCountsEveryScheduleTheStatelessOneRuns(@TempDir Path out) throws Exception {
        // Every script of two lines over two clients, no faults: the stateful search (states equal up to the names
        // taken as one) against the stateless one over every naming.
        Explorer.Summary stateful = search("naive", List.of(), 2, false, out);
        Explorer.Summary stateless = search("naive", List.of(), 2, true, out);
        assertFalse(stateful.found(), stateful.toString());
        assertFalse(stateless.found(), stateless.toString());
        Explorer.Every cached = stateful.every();
        Explorer.Every every = stateless.every();
        assertTrue(cached.stateful() && cached.cutShort() > 0, cached.toString());
        assertEquals(every.reduced(), cached.reduced(), cached + " against " + every);
        assertEquals(every.full(), cached.full(), cached + " against " + every);
        assertTrue(stateful.runs() < stateless.runs(), stateful.runs() + " runs against " + stateless.runs());
        assertEquals(-1, cached.scripts(), "scripts are not counted once a run was cut short");
    }
}
