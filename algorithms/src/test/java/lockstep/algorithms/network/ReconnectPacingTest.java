package lockstep.algorithms.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.server.EmbeddedZooKeeper;

/** A paced handle reconnects through its own attempts, counted, with the same session. */
class ReconnectPacingTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aPacedHandleReconnectsAfterACutWithItsSession() throws Exception {
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start(); LoopbackNetwork network = LoopbackNetwork.start()) {
            ClientLink link = network.link("c1", server.connectString());
            ConnectionStates states = new ConnectionStates();
            ZooKeeper zk = new ZooKeeper(link.connectString(), 10_000, states);
            try {
                ReconnectPacing pacing = ReconnectPacing.immediate(zk);
                assertSame(pacing, ReconnectPacing.immediate(zk), "pacing a paced handle changes nothing");
                states.await(KeeperState.SyncConnected, 1, WAIT);
                long session = zk.getSessionId();
                int attemptsBefore = pacing.attempts();

                link.cut();
                states.await(KeeperState.Disconnected, 1, WAIT);
                link.restore();
                states.await(KeeperState.SyncConnected, 2, WAIT);

                assertEquals(session, zk.getSessionId());
                assertTrue(pacing.attempts() > attemptsBefore, "the reconnect went through the paced provider");
                assertEquals(link.connectionsAccepted() - link.connectionsRefused(), 2,
                        "one connection before the cut, one after");
                assertTrue(pacing.connections() >= 1, "the reconnect was counted");
                zk.exists("/", false);
            } finally {
                zk.close();
            }
        }
    }

    @Test
    void aLostConnectionIsRetriedAtOnce() throws Exception {
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start(); LoopbackNetwork network = LoopbackNetwork.start()) {
            ClientLink link = network.link("c1", server.connectString());
            ConnectionStates states = new ConnectionStates();
            ZooKeeper zk = new ZooKeeper(link.connectString(), 10_000, states);
            try {
                ReconnectPacing pacing = ReconnectPacing.immediate(zk);
                states.await(KeeperState.SyncConnected, 1, WAIT);
                int attemptsBefore = pacing.attempts();
                // Dropping a reply breaks the connection without refusing the next one: the first attempt succeeds.
                link.loseNextCreateReply();
                try {
                    zk.create("/retried", new byte[0], org.apache.zookeeper.ZooDefs.Ids.OPEN_ACL_UNSAFE,
                            org.apache.zookeeper.CreateMode.EPHEMERAL);
                } catch (org.apache.zookeeper.KeeperException.ConnectionLossException expected) {
                    // The reply was lost on purpose.
                }
                states.await(KeeperState.SyncConnected, 2, WAIT);
                assertEquals(attemptsBefore + 1, pacing.attempts(), "one attempt, made at once, reconnected");
                assertEquals(2, link.connectionsAccepted());
            } finally {
                zk.close();
            }
        }
    }
}
