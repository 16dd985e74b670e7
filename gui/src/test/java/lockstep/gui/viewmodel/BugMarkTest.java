package lockstep.gui.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.registry.Algorithms;

/** Every algorithm the registry flags bug, and only those, is marked, with its expected outcome's kind and phrase. */
class BugMarkTest {

    @Test
    void theMarkFollowsTheRegistry() {
        for (Algorithms.Info info : Algorithms.all()) {
            var mark = BugMark.of(info.name());
            assertEquals(info.isBug(), mark.isPresent(), info.name());
            mark.ifPresent(m -> {
                String kind = info.expected().findingKind().orElseThrow();
                assertEquals("BUG · " + kind.replace('-', ' '), m.tag(), info.name());
                assertEquals(info.expected().why(), m.why());
            });
        }
        assertTrue(BugMark.of("bug-assume-on-wake").orElseThrow().tag().equals("BUG · mutual exclusion"));
        assertTrue(BugMark.of("no-such-lock").isEmpty());
    }
}
