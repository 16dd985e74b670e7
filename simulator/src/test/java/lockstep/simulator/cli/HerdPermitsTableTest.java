package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.bench.Herd;

/** {@code lockstep herd --permits P}: with several permits the table gives what a release costs, aligned. */
class HerdPermitsTableTest {

    @Test
    void withSeveralPermitsTheTableGivesTheNotificationsPerRelease() {
        Herd.Result semaphore = new Herd.Result("semaphore", 8, 33, null, 52, 8, 389, 847, 90, 19, 156, 3);
        Herd.Result bug = new Herd.Result("bug-semaphore-watch-ahead", 8, 5, null, 37, 8, 100, 500, 70, 19, 156, 3);

        List<String> lines = HerdCommand.table(List.of(semaphore, bug)).lines().toList();

        String first = lines.stream().filter(l -> l.startsWith("semaphore ")).findFirst().orElseThrow();
        String second = lines.stream().filter(l -> l.startsWith("bug-semaphore-watch-ahead ")).findFirst()
                .orElseThrow();
        assertTrue(first.contains(" 33 ") && first.contains(" 4.13 "), first);
        assertTrue(second.contains(" 0.63 "), second);
        assertEquals(first.length(), second.length(), "the columns line up under the longest name");
        assertEquals(4.125, semaphore.notificationsPerRelease());
    }
}
