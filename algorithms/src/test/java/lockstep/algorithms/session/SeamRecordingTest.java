package lockstep.algorithms.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.testing.Await;
import lockstep.algorithms.testing.ClientThread;

/** The seam sees every call a lock makes, with its result, and every notification, in order. */
class SeamRecordingTest {

    private static EmbeddedZooKeeper server;

    @BeforeAll
    static void start() throws Exception {
        server = EmbeddedZooKeeper.start();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static String describe(CallRecorder.Entry entry) {
        if (entry instanceof CallRecorder.CallEntry) {
            CallRecorder.CallEntry call = (CallRecorder.CallEntry) entry;
            return call.client() + " " + call.call().op() + (call.call().watch() ? "+watch " : " ")
                    + call.result().code();
        }
        CallRecorder.Notification n = (CallRecorder.Notification) entry;
        return n.client() + " <- " + n.type();
    }

    @Test
    void recordsTheSequentialRecipeCallByCall() throws Exception {
        CallRecorder recorder = new CallRecorder();
        Connection connection = Connection.to(server.connectString()).withListener(recorder);
        String path = "/lockstep/seam/sequential";
        try (LockClient c1 = Algorithms.get("sequential").connect("c1", connection);
             LockClient c2 = Algorithms.get("sequential").connect("c2", connection);
             ClientThread t1 = new ClientThread("c1");
             ClientThread t2 = new ClientThread("c2")) {
            DistributedLock first = c1.lock(path, LockMode.EXCLUSIVE);
            DistributedLock second = c2.lock(path, LockMode.EXCLUSIVE);
            t1.submit(() -> {
                first.acquire();
                return null;
            }).get(10, TimeUnit.SECONDS);
            recorder.clear();
            CompletableFuture<Object> waiting = t2.submit(() -> {
                second.acquire();
                return null;
            });
            Await.until(() -> c2.isWaitingForNotification(t2.thread()), java.time.Duration.ofSeconds(10),
                    "c2 waits");
            t1.submit(() -> {
                first.release();
                return null;
            }).get(10, TimeUnit.SECONDS);
            waiting.get(10, TimeUnit.SECONDS);

            // The order within one client is fixed. Across clients it is not: c2's notification may arrive before c1
            // hears the answer to its delete. (The simulator's conductor is what makes that order deterministic.)
            List<String> seenByC2 = recorder.entries().stream().filter(e -> e.client().equals("c2"))
                    .map(SeamRecordingTest::describe).filter(line -> !line.contains("None")).toList();
            assertEquals(List.of(
                    "c2 CREATE OK", // the lock node exists already (c1 made it): no extra call
                    "c2 GET_CHILDREN OK",
                    "c2 GET_DATA+watch OK",
                    "c2 <- NodeDeleted",
                    "c2 GET_CHILDREN OK"), seenByC2);
            assertEquals(List.of("c1 DELETE OK"), recorder.entries().stream().filter(e -> e.client().equals("c1"))
                    .map(SeamRecordingTest::describe).filter(line -> !line.contains("None")).toList());
            CallRecorder.CallEntry create = recorder.calls().stream()
                    .filter(c -> c.call().op() == ZkOp.CREATE).findFirst().orElseThrow();
            assertEquals(CreateMode.EPHEMERAL_SEQUENTIAL, create.call().mode());
            assertTrue(create.result().createdPath().matches(path + "/_c_[0-9a-f-]{36}-lock-\\d{10}"),
                    create.result().createdPath());
            assertEquals(List.of(new CallRecorder.Notification("c2",
                            recorder.notifications().get(0).path(), EventType.NodeDeleted)),
                    recorder.notifications());
        }
    }

    @Test
    void refusesCallsThatWouldBypassIt() throws Exception {
        try (ZooKeeperSeam zk = new ZooKeeperSeam("c1", server.connectString(), 10_000, event -> { },
                SeamListener.NONE)) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> zk.exists("/", null, (rc, p, ctx, stat) -> { }, null));
            assertTrue(e.getMessage().contains("bypass"));
        }
    }
}
