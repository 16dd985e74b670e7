package lockstep.algorithms.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooDefs.OpCode;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.testing.Await;

import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.session.SessionEnder;

/** Each fault a link can do, seen from a real ZooKeeper client connected through it to the real embedded server. */
class ClientLinkTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int SESSION_TIMEOUT_MS = 10_000;

    private static EmbeddedZooKeeper server;
    private LoopbackNetwork network;
    private final List<ZooKeeper> handles = new ArrayList<>();

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedZooKeeper.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @BeforeEach
    void openNetwork() throws Exception {
        network = LoopbackNetwork.start();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (ZooKeeper handle : handles) {
            handle.close();
        }
        network.close();
    }

    /** A connected handle, with its states, through {@code link} (or straight to the server when null). */
    private ZooKeeper connect(ClientLink link, ConnectionStates states) throws Exception {
        ZooKeeper zk = new ZooKeeper(link == null ? server.connectString() : link.connectString(), SESSION_TIMEOUT_MS,
                states);
        handles.add(zk);
        ReconnectPacing.immediate(zk);
        states.await(KeeperState.SyncConnected, 1, WAIT);
        return zk;
    }

    @Test
    void callsGoThroughTheLinkUntouched() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        ZooKeeper zk = connect(link, new ConnectionStates());
        zk.create("/through", "payload".getBytes(), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        assertEquals("payload", new String(zk.getData("/through", false, null)));
        zk.delete("/through", -1);
        assertEquals(1, link.connectionsAccepted());
        assertEquals(1, link.openConnections());
        assertTrue(link.bytesToServer() > 0 && link.bytesToClient() > 0);
        assertEquals(server.connectString(), link.target());
    }

    /**
     * A connection attempt the server never answers (here: a frozen link accepts it and forwards nothing) is given up
     * after {@link ReconnectPacing#ATTEMPT_TIMEOUT}, not after ZooKeeper's whole session timeout: the client is back
     * well before its session, or Curator's clock for it, runs out.
     */
    @Test
    void anAttemptNobodyAnswersIsMadeAgainBeforeTheSessionTimeout() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        ConnectionStates states = new ConnectionStates();
        ZooKeeper zk = connect(link, states);
        long session = zk.getSessionId();
        link.freeze();
        link.cut();
        states.await(KeeperState.Disconnected, 1, WAIT);
        link.restore(); // still frozen: each new attempt is accepted and answered by nobody
        int before = link.connectionsAccepted();
        // Two more attempts: before the bound, the next one came a whole session timeout (10 s) after the first.
        Await.until(() -> link.connectionsAccepted() >= before + 2, Duration.ofMillis(SESSION_TIMEOUT_MS * 3 / 4),
                "two more attempts");
        link.thaw();
        states.await(KeeperState.SyncConnected, 2, WAIT);
        assertEquals(session, zk.getSessionId());
    }

    @Test
    void aCutDisconnectsTheClientAndARestoreBringsBackItsSession() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        ConnectionStates states = new ConnectionStates();
        ZooKeeper zk = connect(link, states);
        long session = zk.getSessionId();
        zk.create("/cut-ephemeral", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);

        link.cut();
        assertTrue(link.isCut());
        assertEquals(0, link.openConnections());
        states.await(KeeperState.Disconnected, 1, WAIT);
        assertThrows(KeeperException.ConnectionLossException.class, () -> zk.exists("/cut-ephemeral", false));

        link.restore();
        assertFalse(link.isCut());
        states.await(KeeperState.SyncConnected, 2, WAIT);
        assertEquals(session, zk.getSessionId());
        assertNotNull(zk.exists("/cut-ephemeral", false), "the ephemeral node outlived the cut");
        assertEquals(0, states.count(KeeperState.Expired));
        assertTrue(link.connectionsRefused() >= 1, "the client tried while cut and was refused");
        zk.delete("/cut-ephemeral", -1);
    }

    @Test
    void aFrozenLinkHoldsACallUntilItThaws() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        ConnectionStates states = new ConnectionStates();
        ZooKeeper zk = connect(link, states);
        zk.create("/frozen", "before".getBytes(), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);

        link.freeze();
        assertTrue(link.isFrozen());
        long sentBefore = link.bytesToServer();
        CompletableFuture<byte[]> data = new CompletableFuture<>();
        zk.getData("/frozen", false, (rc, path, ctx, bytes, stat) -> {
            if (rc == KeeperException.Code.OK.intValue()) {
                data.complete(bytes);
            } else {
                data.completeExceptionally(KeeperException.create(KeeperException.Code.get(rc), path));
            }
        }, null);
        assertFalse(data.isDone(), "no answer while frozen");
        assertEquals(sentBefore, link.bytesToServer(), "not a byte went up while frozen");
        assertEquals(1, link.openConnections(), "the connection stays open");

        link.thaw();
        assertEquals("before", new String(data.get(WAIT.toSeconds(), TimeUnit.SECONDS)));
        assertTrue(link.bytesToServer() > sentBefore);
        assertEquals(0, states.count(KeeperState.Disconnected), "a short freeze is not a disconnection");
        zk.delete("/frozen", -1);
    }

    @Test
    void aLostCreateReplyLeavesTheNodeOnTheServerAndTheClientInItsSession() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        ConnectionStates states = new ConnectionStates();
        ZooKeeper zk = connect(link, states);
        ZooKeeper observer = connect(null, new ConnectionStates());
        long session = zk.getSessionId();

        CompletableFuture<LostReply> lost = link.loseNextCreateReply();
        assertFalse(lost.isDone());
        zk.exists("/lost", false);
        assertFalse(lost.isDone(), "only a create arms the loss");
        assertThrows(KeeperException.ConnectionLossException.class,
                () -> zk.create("/lost", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL));

        LostReply reply = lost.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertEquals("c1", reply.client());
        assertEquals(OpCode.create, reply.opcode());
        assertEquals(KeeperException.Code.OK.intValue(), reply.err());
        Stat stat = observer.exists("/lost", false);
        assertNotNull(stat, "the server applied the create");
        assertEquals(session, stat.getEphemeralOwner());
        assertEquals(reply.zxid(), stat.getCzxid(), "the lost reply was the create's");

        states.await(KeeperState.SyncConnected, 2, WAIT);
        assertEquals(session, zk.getSessionId());
        assertThrows(KeeperException.NodeExistsException.class,
                () -> zk.create("/lost", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL),
                "a second create is answered: only one reply is lost");
        assertEquals(1, link.repliesLost());
        assertEquals(0, states.count(KeeperState.Expired));
        zk.delete("/lost", -1);
    }

    @Test
    void aLostReplyOfASequentialCreateIsTheCaseProtectedNamesAreFor() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        ConnectionStates states = new ConnectionStates();
        ZooKeeper zk = connect(link, states);
        zk.create("/queue", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);

        CompletableFuture<LostReply> lost = link.loseNextCreateReply();
        assertThrows(KeeperException.ConnectionLossException.class, () -> zk.create("/queue/n-", new byte[0],
                Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL_SEQUENTIAL, new Stat()));
        assertEquals(OpCode.create2, lost.get(WAIT.toSeconds(), TimeUnit.SECONDS).opcode());
        states.await(KeeperState.SyncConnected, 2, WAIT);
        String retried = zk.create("/queue/n-", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL_SEQUENTIAL);
        assertEquals(List.of("n-0000000000", retried.substring("/queue/".length())),
                zk.getChildren("/queue", false).stream().sorted().toList(),
                "the retry made a second node; the first one is orphaned in the same session");
        for (String child : zk.getChildren("/queue", false)) {
            zk.delete("/queue/" + child, -1);
        }
        zk.delete("/queue", -1);
    }

    @Test
    void retargetSendsTheNextConnectionElsewhere() throws Exception {
        try (EmbeddedZooKeeper other = EmbeddedZooKeeper.start()) {
            ClientLink link = network.link("c1", server.connectString());
            ConnectionStates states = new ConnectionStates();
            ZooKeeper zk = connect(link, states);
            zk.create("/only-on-the-first", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);

            link.retarget(other.connectString());
            assertEquals(other.connectString(), link.target());
            ZooKeeper second = new ZooKeeper(link.connectString(), SESSION_TIMEOUT_MS, new ConnectionStates());
            try {
                assertThrows(KeeperException.NoNodeException.class,
                        () -> second.getData("/only-on-the-first", false, null), "the new connection reached the other");
            } finally {
                second.close();
            }
            assertNotNull(zk.exists("/only-on-the-first", false), "the open connection stayed where it was");
            zk.delete("/only-on-the-first", -1);
        }
    }

    @Test
    void largePacketsCrossTheLinkIntactBothWays() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        ZooKeeper zk = connect(link, new ConnectionStates());
        byte[] payload = new byte[900 * 1024];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31 + i / 7);
        }
        zk.create("/large", payload, Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        for (int round = 0; round < 3; round++) {
            assertTrue(java.util.Arrays.equals(payload, zk.getData("/large", false, null)), "round " + round);
        }
        // The pipe counts a chunk after writing it on, so the client may hold the last reply before it is counted.
        Await.until(() -> link.bytesToServer() > payload.length && link.bytesToClient() > 3L * payload.length, WAIT,
                "the link counted the payload once to the server and three times back");
        zk.delete("/large", -1);
    }

    @Test
    void aConnectionOpenedWhileFrozenGoesThroughOnThaw() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        link.freeze();
        ConnectionStates states = new ConnectionStates();
        ZooKeeper zk = new ZooKeeper(link.connectString(), SESSION_TIMEOUT_MS, states);
        handles.add(zk);
        ReconnectPacing.immediate(zk);
        Await.until(() -> link.connectionsAccepted() == 1, WAIT, "the client's connection is accepted");
        assertEquals(0, states.count(KeeperState.SyncConnected), "held while frozen");
        assertEquals(0, link.bytesToServer());
        link.thaw();
        states.await(KeeperState.SyncConnected, 1, WAIT);
        assertNotNull(zk.exists("/", false));
    }

    @Test
    void aSessionExpiredWhileFrozenIsLearnedOnThaw() throws Exception {
        ClientLink link = network.link("c1", server.connectString());
        ConnectionStates states = new ConnectionStates();
        ZooKeeper zk = connect(link, states);
        ZooKeeper observer = connect(null, new ConnectionStates());
        zk.create("/zombie", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);

        link.freeze();
        SessionEnder.expire(zk, Connection.to(server.connectString()));
        assertEquals(null, observer.exists("/zombie", false), "the server ended the session at once");
        assertEquals(List.of(KeeperState.SyncConnected), states.all(), "the frozen client has heard nothing");

        link.thaw();
        states.await(KeeperState.Expired, 1, WAIT);
    }

    @Test
    void aClientThroughALinkRidesOutAServerStop() throws Exception {
        try (EmbeddedZooKeeper own = EmbeddedZooKeeper.start()) {
            ClientLink link = network.link("c1", own.connectString());
            ConnectionStates states = new ConnectionStates();
            ZooKeeper zk = new ZooKeeper(link.connectString(), SESSION_TIMEOUT_MS, states);
            try {
                ReconnectPacing.immediate(zk);
                states.await(KeeperState.SyncConnected, 1, WAIT);
                long session = zk.getSessionId();
                own.stop();
                states.await(KeeperState.Disconnected, 1, WAIT);
                Await.until(() -> link.connectionsAccepted() >= 3, WAIT, "the client keeps trying through the link");
                own.startAgain();
                states.await(KeeperState.SyncConnected, 2, WAIT);
                assertEquals(session, zk.getSessionId());
            } finally {
                zk.close();
            }
        }
    }
}
