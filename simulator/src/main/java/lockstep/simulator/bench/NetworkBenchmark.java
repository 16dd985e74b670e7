package lockstep.simulator.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;

import lockstep.algorithms.network.ClientLink;
import lockstep.algorithms.network.LoopbackNetwork;
import lockstep.algorithms.network.ReconnectPacing;
import lockstep.algorithms.server.EmbeddedZooKeeper;

/**
 * Prints what a link costs and what pacing saves, measured side by side in one run on one embedded server (the
 * machine is noisy: read the ratios). Three figures: the time of a request straight to the server and through a link
 * (in alternating blocks), the time from {@link ClientLink#restore()} to the client's SyncConnected with and without
 * {@link ReconnectPacing}, and the same after a lost create reply (from the create call, so it includes the fixed
 * 100 ms ZooKeeper's client sleeps whenever a connection breaks). Run:
 * {@code java -cp CLASSPATH lockstep.simulator.bench.NetworkBenchmark}.
 */
public final class NetworkBenchmark {

    private static final int SESSION_TIMEOUT_MS = 10_000;
    private static final int REQUEST_BLOCKS = 10;
    private static final int REQUESTS_PER_BLOCK = 500;
    private static final int RECONNECTS = 4;

    private NetworkBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        run(System.out);
    }

    public static void run(PrintStream out) throws Exception {
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start(); LoopbackNetwork network = LoopbackNetwork.start()) {
            out.printf(Locale.ROOT, "network benchmark: one embedded server, %d cores, %s%n",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
            requests(server, network, out);
            reconnects(server, network, out);
        }
    }

    private static void requests(EmbeddedZooKeeper server, LoopbackNetwork network, PrintStream out)
            throws Exception {
        ClientLink link = network.link("requests", server.connectString());
        Handle direct = Handle.open(server.connectString(), false);
        Handle linked = Handle.open(link.connectString(), false);
        try {
            warmUp(direct.zk);
            warmUp(linked.zk);
            long directNanos = 0;
            long linkedNanos = 0;
            for (int block = 0; block < REQUEST_BLOCKS; block++) {
                directNanos += timeRequests(direct.zk);
                linkedNanos += timeRequests(linked.zk);
            }
            int requests = REQUEST_BLOCKS * REQUESTS_PER_BLOCK;
            double directMicros = directNanos / 1_000.0 / requests;
            double linkedMicros = linkedNanos / 1_000.0 / requests;
            out.printf(Locale.ROOT, "request (exists, %d each, alternating blocks): direct %.0f us, through a link "
                    + "%.0f us, ratio %.2f%n", requests, directMicros, linkedMicros, linkedMicros / directMicros);
        } finally {
            direct.zk.close();
            linked.zk.close();
        }
    }

    private static void warmUp(ZooKeeper zk) throws Exception {
        for (int i = 0; i < REQUESTS_PER_BLOCK; i++) {
            zk.exists("/", false);
        }
    }

    private static long timeRequests(ZooKeeper zk) throws Exception {
        long start = System.nanoTime();
        for (int i = 0; i < REQUESTS_PER_BLOCK; i++) {
            zk.exists("/", false);
        }
        return System.nanoTime() - start;
    }

    private static void reconnects(EmbeddedZooKeeper server, LoopbackNetwork network, PrintStream out)
            throws Exception {
        double[][] millis = new double[2][2];
        for (int paced = 0; paced < 2; paced++) {
            ClientLink link = network.link("reconnect-" + paced, server.connectString());
            Handle handle = Handle.open(link.connectString(), paced == 1);
            try {
                for (int round = 0; round < RECONNECTS; round++) {
                    handle.expect(KeeperState.Disconnected);
                    link.cut();
                    handle.awaitState(KeeperState.Disconnected);
                    handle.expect(KeeperState.SyncConnected);
                    long start = System.nanoTime();
                    link.restore();
                    handle.awaitState(KeeperState.SyncConnected);
                    millis[paced][0] += (System.nanoTime() - start) / 1e6 / RECONNECTS;

                    handle.expect(KeeperState.SyncConnected);
                    link.loseNextCreateReply();
                    start = System.nanoTime();
                    try {
                        handle.zk.create("/lost-" + paced + "-" + round, new byte[0], Ids.OPEN_ACL_UNSAFE,
                                CreateMode.EPHEMERAL);
                    } catch (KeeperException.ConnectionLossException expected) {
                        // The reply was dropped on purpose.
                    }
                    handle.awaitState(KeeperState.SyncConnected);
                    millis[paced][1] += (System.nanoTime() - start) / 1e6 / RECONNECTS;
                }
            } finally {
                handle.zk.close();
            }
        }
        out.printf(Locale.ROOT, "reconnect after cut+restore (restore -> SyncConnected, mean of %d): "
                + "ZooKeeper's pacing %.0f ms, immediate %.1f ms%n", RECONNECTS, millis[0][0], millis[1][0]);
        out.printf(Locale.ROOT, "reconnect after a lost create reply (create -> SyncConnected, mean of %d): "
                + "ZooKeeper's pacing %.0f ms, immediate %.1f ms%n", RECONNECTS, millis[0][1], millis[1][1]);
    }

    /** A handle whose next awaited connection state is armed before the action that causes it. */
    private static final class Handle {
        private final AtomicReference<KeeperState> expected = new AtomicReference<>();
        private volatile CountDownLatch latch = new CountDownLatch(1);
        private ZooKeeper zk;

        static Handle open(String connectString, boolean paced) throws Exception {
            Handle handle = new Handle();
            handle.expect(KeeperState.SyncConnected);
            handle.zk = new ZooKeeper(connectString, SESSION_TIMEOUT_MS, event -> {
                if (event.getType() == EventType.None && event.getState() == handle.expected.get()) {
                    handle.latch.countDown();
                }
            });
            if (paced) {
                ReconnectPacing.immediate(handle.zk);
            }
            handle.awaitState(KeeperState.SyncConnected);
            return handle;
        }

        void expect(KeeperState state) {
            latch = new CountDownLatch(1);
            expected.set(state);
        }

        void awaitState(KeeperState state) throws InterruptedException {
            if (expected.get() != state) {
                throw new IllegalStateException("await " + state + " without expecting it first");
            }
            if (!latch.await(Duration.ofSeconds(30).toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("no " + state + " within 30 s");
            }
        }
    }
}
