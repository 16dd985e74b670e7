package lockstep.algorithms.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.zookeeper.util.ServiceUtils;
import org.junit.jupiter.api.Test;

/**
 * One three-server ensemble, started once: a leader is found, killed, replaced, and the cluster cleans up; a restarted
 * server's request to end the JVM is only logged.
 */
class EmbeddedEnsembleTest {

    @Test
    void electsLosesAndReplacesALeaderThenDeletesItsHome() throws Exception {
        Path home;
        try (EmbeddedEnsemble ensemble = EmbeddedEnsemble.start(3)) {
            assertEquals(3, ensemble.size());
            for (int server = 1; server <= 3; server++) {
                assertTrue(ensemble.connectStringOf(server).startsWith("127.0.0.1:"));
            }
            int leader = ensemble.awaitLeader();
            assertTrue(leader >= 1 && leader <= 3);

            ensemble.kill(leader);
            assertFalse(ensemble.isUp(leader));
            assertTrue(ensemble.isRunning(), "two of three are a majority");
            int next = ensemble.awaitLeader();
            assertNotEquals(leader, next);
            assertTrue(next > 0);

            int other = next == 1 ? (leader == 2 ? 3 : 2) : (leader == 1 ? (next == 2 ? 3 : 2) : 1);
            ensemble.kill(other);
            assertFalse(ensemble.isRunning(), "one of three is no majority");
            assertEquals(0, ensemble.awaitLeader());

            ensemble.restart(leader);
            // A server's start sets ZooKeeper's exit procedure back to System.exit: a request to end the JVM (14: a
            // quorum port not bound) is only logged, or this test's JVM would end here.
            ServiceUtils.requestSystemExit(14);
            assertTrue(ensemble.isRunning());
            assertTrue(ensemble.awaitLeader() > 0);
            home = ensemble.home();
            assertTrue(Files.isDirectory(home));
        }
        assertFalse(Files.exists(home), "the servers' data goes with the ensemble");
    }
}
