package lockstep.simulator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import lockstep.simulator.trace.Event;

import org.junit.jupiter.api.Test;

class StepsTest {

    private static final List<Event> TRACE = List.of(
            new Event.RunStarted(0, "t", "t", "naive", 1, "/l", List.of("c1"), false),
            new Event.Narration(1, "before the script"),
            new Event.ScriptLine(2, 1, 5, "c1 acquire"),
            new Event.Narration(3, "during line 5"),
            new Event.ScriptLine(4, 2, 7, "c1 release"),
            new Event.RunEnded(5, "completed"));

    @Test
    void eachEventBelongsToTheLineBeforeIt() {
        Steps steps = Steps.of(TRACE);
        assertEquals(2, steps.count());
        assertEquals(List.of(0, 0, 1, 1, 2, 2), List.of(steps.of(0), steps.of(1), steps.of(2), steps.of(3),
                steps.of(4), steps.of(5)));
        assertEquals(List.of(0, 2, 4), List.of(steps.start(0), steps.start(1), steps.start(2)));
        assertEquals(List.of(1, 3, 5), List.of(steps.end(0), steps.end(1), steps.end(2)));
    }

    @Test
    void aStepKnowsItsLineAndText() {
        Steps steps = Steps.of(TRACE);
        assertEquals(0, steps.fileLine(0));
        assertEquals("", steps.text(0));
        assertEquals(7, steps.fileLine(2));
        assertEquals("c1 release", steps.text(2));
    }

    @Test
    void indicesOutsideTheTraceAreClamped() {
        Steps steps = Steps.of(TRACE);
        assertEquals(0, steps.of(-3));
        assertEquals(2, steps.of(99));
        assertEquals(4, steps.start(9));
    }
}
