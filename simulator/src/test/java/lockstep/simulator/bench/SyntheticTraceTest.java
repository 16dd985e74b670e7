package lockstep.simulator.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Metrics;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

class SyntheticTraceTest {

    @Test
    void theSameArgumentsGiveTheSameTraceOfExactlyTheAskedSize() {
        List<Event> trace = SyntheticTrace.generate(30, 3_000, 5L);
        assertEquals(trace, SyntheticTrace.generate(30, 3_000, 5L));
        assertEquals(3_000, trace.size());
        assertInstanceOf(Event.RunEnded.class, trace.get(trace.size() - 1));
    }

    @Test
    void theTraceIsAWritableTraceOfACorrectLock() throws Exception {
        List<Event> trace = SyntheticTrace.generate(30, 3_000, 5L);
        assertEquals(trace, TraceFiles.parse(TraceFiles.toJsonLines(trace), "synthetic"));
        assertTrue(Checker.check(trace).stream().noneMatch(v -> v.kind().equals("mutual-exclusion")));
        assertEquals(0, Metrics.of(trace).fifoViolations());
    }
}
