package lockstep.algorithms.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.testing.Await;

/**
 * What the server keeps after a waiter gives up, read from the server's own watch table (four-letter word
 * {@code wchc}: every session and the paths it watches).
 *
 * <p>ZooKeeper has two ways to take a watch back. {@code removeWatches(path, watcher, type, local)} names one watcher:
 * the client sends {@code checkWatches}, the server only checks that it holds a watch on the path for this session
 * (it cannot tell one client-side watcher from another) and keeps it; the client library forgets its watcher. So the
 * server's watch outlives the wait, and its notification still travels to the client, which drops it: a stray
 * notification. {@code removeAllWatches(path, type, local)} sends {@code removeWatches}: the server forgets the
 * session's watch on that path, for every watcher of the client at once.
 */
class WatchAfterGivingUpTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static EmbeddedZooKeeper server;

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedZooKeeper.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    /** The server's watch table: session id to the paths it watches. */
    private static Map<Long, List<String>> watchTable() throws Exception {
        String answer = FourLetterWordMain.send4LetterWord("127.0.0.1", server.port(), "wchc");
        Map<Long, List<String>> table = new java.util.HashMap<>();
        Long session = null;
        for (String line : answer.split("\n")) {
            if (line.startsWith("0x")) {
                session = Long.parseUnsignedLong(line.trim().substring(2), 16);
                table.put(session, new ArrayList<>());
            } else if (!line.isBlank() && session != null) {
                table.get(session).add(line.trim());
            }
        }
        return table;
    }

    private static boolean serverWatches(long session, String path) {
        try {
            return watchTable().getOrDefault(session, List.of()).contains(path);
        } catch (Exception e) {
            throw new AssertionError("wchc failed", e);
        }
    }

    private static ZooKeeper connect() throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(server.connectString(), 10_000, event -> {
            if (event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        assertTrue(connected.await(10, TimeUnit.SECONDS));
        return zk;
    }

    @Test
    void removingOneWatcherLeavesTheServersWatchInPlace() throws Exception {
        try (ZooKeeper owner = connect(); ZooKeeper waiter = connect()) {
            String node = owner.create("/watch-one-" + System.nanoTime(), new byte[0], Ids.OPEN_ACL_UNSAFE,
                    CreateMode.EPHEMERAL);
            List<Watcher.Event.EventType> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
            Watcher watcher = event -> heard.add(event.getType());
            waiter.getData(node, watcher, null);
            assertTrue(serverWatches(waiter.getSessionId(), node));

            waiter.removeWatches(node, watcher, Watcher.WatcherType.Any, false);

            assertTrue(serverWatches(waiter.getSessionId(), node),
                    "checkWatches only checks: the server keeps the session's watch");
            // The client tells its watcher on its event thread, after removeWatches has returned.
            Await.until(() -> !heard.isEmpty(), PATIENCE, "the watcher hears that it was removed");
            assertEquals(List.of(Watcher.Event.EventType.DataWatchRemoved), heard,
                    "the client library forgot its watcher and said so to it");
            owner.delete(node, -1);
            Await.until(() -> !serverWatches(waiter.getSessionId(), node), PATIENCE,
                    "the server's watch fires on the deletion");
            assertEquals(List.of(Watcher.Event.EventType.DataWatchRemoved), heard,
                    "the notification reached the client but no watcher of it");
        }
    }

    @Test
    void removingAllWatchesOfAPathClearsTheServersWatch() throws Exception {
        try (ZooKeeper owner = connect(); ZooKeeper waiter = connect()) {
            String node = owner.create("/watch-all-" + System.nanoTime(), new byte[0], Ids.OPEN_ACL_UNSAFE,
                    CreateMode.EPHEMERAL);
            waiter.getData(node, event -> { }, null);
            assertTrue(serverWatches(waiter.getSessionId(), node));

            waiter.removeAllWatches(node, Watcher.WatcherType.Any, false);

            assertFalse(serverWatches(waiter.getSessionId(), node), "removeWatches: the server forgot it");
            owner.delete(node, -1);
        }
    }

    @Test
    void aWaiterThatGivesUpLeavesTheServersWatchOnItsPredecessor() throws Exception {
        Connection connection = Connection.to(server.connectString());
        String lockPath = "/watch-after-timeout";
        try (LockClient holder = Algorithms.get("sequential").connect("c1", connection);
             ZkLockClient impatient = (ZkLockClient) Algorithms.get("sequential").connect("c2", connection);
             ZooKeeper inspector = connect()) {
            DistributedLock held = holder.lock(lockPath, LockMode.EXCLUSIVE);
            held.acquire();
            String predecessor = lockPath + "/" + inspector.getChildren(lockPath, false).get(0);

            // Interrupted once it waits on its predecessor (a timeout takes the same way out, but a short one could
            // expire before the watch is even set on a busy machine).
            DistributedLock waiting = impatient.lock(lockPath, LockMode.EXCLUSIVE);
            java.util.concurrent.CompletableFuture<Boolean> gaveUp = new java.util.concurrent.CompletableFuture<>();
            Thread waiter = new Thread(() -> {
                try {
                    gaveUp.complete(waiting.acquire(Duration.ofMinutes(1)));
                } catch (InterruptedException e) {
                    gaveUp.complete(false);
                } catch (Exception e) {
                    gaveUp.completeExceptionally(e);
                }
            }, "c2");
            waiter.start();
            Await.until(() -> impatient.isWaitingForNotification(waiter), PATIENCE, "c2 waits on its predecessor");
            waiter.interrupt();
            assertFalse(gaveUp.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));

            assertEquals(1, inspector.getChildren(lockPath, false).size(), "the waiter's node is gone");
            assertTrue(serverWatches(impatient.sessionId(), predecessor),
                    "the engine's removeWatches took back its watcher, not the server's watch");
            held.release();
            Await.until(() -> !serverWatches(impatient.sessionId(), predecessor), PATIENCE,
                    "the predecessor's deletion fires the stray watch");
        }
    }
}
