package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.session.Credentials;
import lockstep.simulator.run.Simulations;

/**
 * An external ZooKeeper's limits, on a real separate server ({@link SeparateZooKeepers}) that allows 4 connections
 * per host (ZooKeeper's {@code maxClientCnxns}, 60 by default): a run with more clients than it takes is one line and
 * exit 2, not an internal error after the session timeout; a run ended by SIGTERM half-way leaves the server's tree as
 * it found it.
 */
class ExternalServerLimitsTest {

    /** Connections the server takes from this host: the test's own observer, Lockstep's session and two clients. */
    private static final int LIMIT = 4;

    @TempDir
    static Path home;
    private static SeparateZooKeepers server;
    private static String address;
    private static ZooKeeper observer;

    @BeforeAll
    static void startAServerWithALowLimit() throws Exception {
        server = SeparateZooKeepers.start(home, 1, List.of("maxClientCnxns=" + LIMIT));
        address = server.addresses().get(0);
        observer = SeparateZooKeepers.connect(address);
    }

    @AfterAll
    static void stopTheServer() throws Exception {
        if (observer != null) {
            observer.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @AfterEach
    void backToEmbeddedServers() {
        Simulations.useExternal(null, Credentials.NONE);
    }

    @Test
    void moreClientsThanTheServerTakesFromOneHostIsOneLineAndExitTwo() throws Exception {
        List<String> before = tree("/");
        Path scenario = Files.writeString(home.resolve("five.yaml"), """
                title: five clients
                clients: 5
                script:
                  - c1 acquire
                  - c1 release
                """);
        Cli.Result run = Cli.run("run", scenario.toString(), "--connect", address, "--algorithm", "sequential");

        assertEquals(2, run.exit(), run::toString);
        assertEquals(1, run.errLines().size(), run::toString);
        assertTrue(run.err().strip().matches("lockstep: --connect " + java.util.regex.Pattern.quote(address)
                + ": the server ends c[1-5]'s connections before answering, while it serves Lockstep's own session: it"
                + " allows fewer connections from this host than the run opens, 6 \\(5 clients and Lockstep's own;"
                + " ZooKeeper's maxClientCnxns, 60 by default\\) \\(expected fewer clients, or a higher maxClientCnxns"
                + " in the server's configuration\\)"), run::toString);
        assertEquals(before, tree("/"), "the run's root went with it");
    }

    /**
     * SIGTERM while the clients take and give the lock: the shutdown hook removes the run's root, though live clients
     * delete their nodes meanwhile. The signal comes once the observer has seen a lock node under the run's root (a
     * recursive watch on the whole tree): the run is under way, with a hundred rounds still to go.
     */
    @Test
    void sigtermMidRunLeavesTheTreeAsItWas() throws Exception {
        List<String> before = tree("/");
        Path scenario = Files.writeString(home.resolve("rounds.yaml"), """
                title: rounds
                clients: 2
                script:
                  - repeat 100:
                      - c1 acquire
                      - c2 acquire
                      - c1 release
                      - c2 release
                """);
        CountDownLatch lockNode = new CountDownLatch(1);
        observer.addWatch("/", event -> {
            // /lockstep/RUN-ID/locks/rounds/NODE: a client's node in the run's lock directory
            if (event.getType() == EventType.NodeCreated && event.getPath().startsWith("/lockstep/")
                    && event.getPath().split("/").length >= 6) {
                lockNode.countDown();
            }
        }, AddWatchMode.PERSISTENT_RECURSIVE);
        Path output = home.resolve("sigterm.out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process run = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "lockstep.simulator.cli.LockstepCommand", "run",
                scenario.toString(), "--connect", address, "--algorithm", "sequential")
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            assertTrue(lockNode.await(60, TimeUnit.SECONDS), "the run took the lock");
            assertTrue(run.isAlive(), "the run is under way");
            run.destroy(); // SIGTERM
            assertTrue(run.waitFor(60, TimeUnit.SECONDS), "the run ended");
        } finally {
            run.destroyForcibly();
            observer.removeAllWatches("/", org.apache.zookeeper.Watcher.WatcherType.Any, true);
        }
        String printed = Files.readString(output);
        assertFalse(printed.contains("nobody holds"), printed);
        assertEquals(before, tree("/"), "the server's tree as the run found it; it printed: " + printed);
    }

    /** Every path under {@code path}, depth first, ZooKeeper's own {@code /zookeeper} left out. */
    private static List<String> tree(String path) throws Exception {
        List<String> out = new ArrayList<>();
        List<String> children = new ArrayList<>(observer.getChildren(path, false));
        children.sort(null);
        for (String child : children) {
            String full = (path.equals("/") ? "" : path) + "/" + child;
            if (!full.equals("/zookeeper")) {
                out.add(full);
                out.addAll(tree(full));
            }
        }
        return out;
    }
}
