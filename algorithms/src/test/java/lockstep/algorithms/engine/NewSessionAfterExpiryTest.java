package lockstep.algorithms.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.AfterExpiry;
import lockstep.algorithms.Decision;
import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.Sequential;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.testing.ClientThread;

/**
 * A client of the engine that opens a new session after an expiry, on the real server: with
 * {@link AfterExpiry#NEW_SESSION} the lock is lost, the handle says so, and a later request is made in the new session
 * and waits its turn; with the bug of {@code bug-trust-after-expiry} the later request goes by the old node's path and
 * holds beside the client that holds the lock now.
 */
class NewSessionAfterExpiryTest {

    private static final long PATIENCE_S = 20;
    private static final String LOCK = "/locks/new-session";
    private static EmbeddedZooKeeper server;

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedZooKeeper.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    /** The queue recipe on a client that goes on in a new session after an expiry. */
    private static final class RenewingSequential implements LockAlgorithm {
        private final Sequential decision = new Sequential();

        @Override
        public String nodePrefix(LockMode mode) {
            return decision.nodePrefix(mode);
        }

        @Override
        public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
            return decision.decide(sortedChildren, ours);
        }

        @Override
        public AfterExpiry afterExpiry() {
            return AfterExpiry.NEW_SESSION;
        }
    }

    private static <T> T on(ClientThread thread, java.util.concurrent.Callable<T> task) throws Exception {
        return thread.submit(task).get(PATIENCE_S, TimeUnit.SECONDS);
    }

    @Test
    void aNewSessionLosesTheLockAndLaterRequestsWaitTheirTurnInIt() throws Exception {
        Connection connection = Connection.to(server.connectString());
        String lock = LOCK + "-correct";
        try (LockClient c1 = ZkLockClient.connect("c1", connection, mode -> new RenewingSequential());
             LockClient c2 = Algorithms.get("sequential").connect("c2", connection);
             ClientThread t1 = new ClientThread("c1"); ClientThread t2 = new ClientThread("c2")) {
            DistributedLock first = c1.lock(lock, LockMode.EXCLUSIVE);
            DistributedLock second = c2.lock(lock, LockMode.EXCLUSIVE);
            on(t1, () -> {
                first.acquire();
                return null;
            });
            long oldSession = c1.sessionId();
            c1.expire();
            assertTrue(c1.opensNewSessionAfterExpiry());
            assertNotEquals(oldSession, c1.sessionId(), "a new session");
            assertFalse(first.isHeld(), "the handle says the lock is lost");
            assertTrue(on(t2, second::tryAcquire), "the lock is free once the old session's node is gone");
            assertFalse(on(t1, first::tryAcquire), "c1 asks in its new session and finds c2 first");
            on(t2, () -> {
                second.release();
                return null;
            });
            assertTrue(on(t1, first::tryAcquire));
            try (ZooKeeper look = new ZooKeeper(server.connectString(), 10_000, event -> { })) {
                String node = look.getChildren(lock, false).get(0);
                Stat stat = look.exists(lock + "/" + node, false);
                assertEquals(c1.sessionId(), stat.getEphemeralOwner(), "c1's node is its new session's");
            }
        }
    }

    @Test
    void theTrustingClientHoldsBesideTheNewHolder() throws Exception {
        Connection connection = Connection.to(server.connectString());
        String lock = LOCK + "-trusting";
        Algorithms.Info bug = Algorithms.get("bug-trust-after-expiry");
        try (LockClient c1 = bug.connect("c1", connection); LockClient c2 = bug.connect("c2", connection);
             ClientThread t1 = new ClientThread("c1"); ClientThread t2 = new ClientThread("c2")) {
            DistributedLock first = c1.lock(lock, LockMode.EXCLUSIVE);
            DistributedLock second = c2.lock(lock, LockMode.EXCLUSIVE);
            on(t1, () -> {
                first.acquire();
                return null;
            });
            c1.expire();
            assertFalse(first.isHeld(), "the handle says the lock is lost");
            assertTrue(on(t2, second::tryAcquire));
            assertTrue(on(t1, first::tryAcquire), "the bug: the old node's path is taken for its own");
            assertTrue(first.isHeld() && second.isHeld(), "two holders");
        }
    }
}
