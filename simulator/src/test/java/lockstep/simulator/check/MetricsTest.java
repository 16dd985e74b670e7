package lockstep.simulator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceBuilder;

class MetricsTest {

    @Test
    void aCleanQueueRunIsCountedInFull() {
        List<Event> trace = Runs.cleanQueue().ended().build();
        Metrics metrics = Metrics.of(trace);
        Map<String, Integer> ops = new LinkedHashMap<>();
        ops.put("create", 2);
        ops.put("delete", 2);
        ops.put("exists", 1);
        ops.put("getData", 0);
        ops.put("getChildren", 3);
        ops.put("setData", 0);
        ops.put("removeWatches", 0);
        assertEquals(new Metrics(2, 1, 0, ops, 4.0, List.of("c1", "c2"), 0, 1, trace.size()), metrics);
        assertEquals(List.copyOf(ops.keySet()), List.copyOf(metrics.ops().keySet()));
    }

    @Test
    void metricsAgreeWithTheReplayedCounters() {
        List<Event> trace = Runs.cleanQueue().ended().build();
        var counters = ReplayModel.of(trace).stateAt(trace.size() - 1).counters();
        Metrics metrics = Metrics.of(trace);
        assertEquals(counters.calls(), metrics.ops());
        assertEquals(counters.notifications(), metrics.notifications());
        assertEquals(counters.futileWakeups(), metrics.futileWakeups());
    }

    @Test
    void nothingAcquiredMeansZeroOpsPerAcquisition() {
        Metrics metrics = Metrics.of(TraceBuilder.herd("c1").requesting("c1").creates("c1", 1).ended().build());
        assertEquals(0, metrics.acquisitions());
        assertEquals(0.0, metrics.opsPerAcquisition());
        assertEquals(List.of(), metrics.grantOrder());
    }

    @Test
    void aGrantAheadOfAnEarlierWaiterBreaksFifo() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2", "c3");
        t.line("c1").requesting("c1").holding("c1").line("c2").requesting("c2").waiting("c2", "x")
                .line("c3").requesting("c3").waiting("c3", "x").line("release").released("c1")
                .holding("c3").released("c3").line("c2 at last").holding("c2");
        Metrics metrics = Metrics.of(t.build());
        assertEquals(List.of("c1", "c3", "c2"), metrics.grantOrder());
        assertEquals(1, metrics.fifoViolations());
        assertEquals(3, metrics.longestWaitSteps());
    }

    @Test
    void readersGrantedTogetherAreNotAFifoViolation() {
        TraceBuilder t = TraceBuilder.run("read-write", "/lockstep/rw", "r1", "r2", "w1").mode("read")
                .requesting("r1").requesting("r2").holding("r2").holding("r1");
        assertEquals(0, Metrics.of(t.build()).fifoViolations());
    }

    @Test
    void aReaderGrantedAheadOfAnEarlierWriterBreaksFifo() {
        TraceBuilder t = TraceBuilder.run("read-write", "/lockstep/rw", "r1", "w1").mode("write").requesting("w1")
                .mode("read").requesting("r1").holding("r1");
        assertEquals(1, Metrics.of(t.build()).fifoViolations());
    }

    @Test
    void aRequestThatEndedWithoutAGrantNoLongerCounts() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").requesting("c1")
                .state("c1", Event.State.GAVE_UP, "", "").requesting("c2").holding("c2");
        assertEquals(0, Metrics.of(t.build()).fifoViolations());
    }

    @Test
    void aHerdCountsItsFutileWakeUps() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2", "c3").holding("c1").requesting("c2").waiting("c2", "/l")
                .requesting("c3").waiting("c3", "/l").released("c1").fire("c2", "/l", "NodeChildrenChanged")
                .fire("c3", "/l", "NodeChildrenChanged").holding("c2").waiting("c3", "/l");
        Metrics metrics = Metrics.of(t.build());
        assertEquals(2, metrics.notifications());
        assertEquals(1, metrics.futileWakeups());
        assertEquals(2, metrics.acquisitions());
    }

    @Test
    void aHoldersReentrantGrantWhileAnotherWaitsOvertakesItAndWaitsNoSteps() {
        TraceBuilder t = TraceBuilder.herd("c1", "c2");
        t.line("c1").requesting("c1").holding("c1").line("c2").requesting("c2").waiting("c2", "x")
                .line("c1 again").holding("c1");
        Metrics metrics = Metrics.of(t.build());
        assertEquals(List.of("c1", "c1"), metrics.grantOrder());
        assertEquals(1, metrics.fifoViolations());
        assertEquals(0, metrics.longestWaitSteps());
    }

    @Test
    void aReadHoldersGrantWhileAReaderAsksIsNotAFifoViolation() {
        TraceBuilder t = TraceBuilder.run("read-write", "/lockstep/rw", "r1", "r2").mode("read")
                .requesting("r1").holding("r1").requesting("r2").holding("r1");
        assertEquals(0, Metrics.of(t.build()).fifoViolations());
    }
}
