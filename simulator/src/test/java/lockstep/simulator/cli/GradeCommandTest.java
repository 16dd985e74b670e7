package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lockstep grade}: the report card of a lock a user wrote, and its JUnit XML. */
class GradeCommandTest {

    @Test
    void theLockThatAssumesItHoldsWhenWokenFailsItsScenarioWithTheCommandsThatShowIt(@TempDir Path dir)
            throws Exception {
        Path junit = dir.resolve("report.xml");
        Cli.Result result = Cli.run("grade", YourOwnLockTest.ASSUME_ON_WAKE, "--seeds", "3", "--junit",
                junit.toString(), "--out", dir.resolve("out").toString());
        assertEquals(1, result.exit(), result.toString());
        assertTrue(result.out().startsWith("AssumeOnWakeLock, graded as a mutex against sequential:\n"),
                result.toString());
        assertTrue(result.out().contains("\n  FAIL  14-bug-assume-on-wake: mutual-exclusion: "), result.toString());
        assertTrue(result.out().contains("\n        replay: ./lockstep run 14-bug-assume-on-wake --lock "
                + YourOwnLockTest.ASSUME_ON_WAKE + " --algorithm sequential\n"), result.toString());
        assertTrue(result.out().contains("\n  pass  01-one-client\n"), result.toString());
        String xml = Files.readString(junit);
        assertTrue(xml.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"lockstep grade"
                + " AssumeOnWakeLock\""), xml);
        assertTrue(xml.contains("<testcase classname=\"lockstep.grade.AssumeOnWakeLock\" name=\"14-bug-assume-on-wake\">"
                + "\n    <failure message=\"mutual-exclusion: "), xml);
        assertEquals("JUnit report written: " + junit + "\n", result.err());
    }

    @Test
    void aWrongKindIsOneLine() {
        Cli.Result result = Cli.run("grade", YourOwnLockTest.PREDECESSOR, "--kind", "semaphore");
        assertEquals(2, result.exit(), result.toString());
        assertEquals("lockstep grade: --kind: 'semaphore' is not a kind of lock (expected mutex or readwrite)\n",
                result.err());
    }
}
