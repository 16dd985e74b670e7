package lockstep.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import lockstep.simulator.BadInputException;

/** A trace edited by hand is refused where the edit shows, not drawn and checked as if it were a run. */
class TamperedTracesTest {

    @Test
    void aClientTheHeaderDoesNotListIsRefusedWhereItIsNamed() throws Exception {
        String text = TraceFiles.toJsonLines(TraceBuilder.herd("c1", "c2").holding("c1").released("c1").ended()
                .build());
        String tampered = text.replace("\"client\":\"c1\"", "\"client\":\"c9\"");
        int line = (int) text.substring(0, text.indexOf("\"client\":\"c1\"")).chars().filter(c -> c == '\n').count()
                + 1;
        String lineText = tampered.lines().skip(line - 1).findFirst().orElseThrow();
        int column = lineText.indexOf("\"client\":\"c9\"") + "\"client\":".length() + 1;
        BadInputException refused = assertThrows(BadInputException.class, () -> TraceFiles.parse(tampered, "t.jsonl"));
        assertEquals("t.jsonl:" + line + ":" + column + ": \"client\" names \"c9\", a client the run-started event does "
                + "not list (one of the run's clients on line 1: c1, c2)", refused.getMessage());
    }
}
