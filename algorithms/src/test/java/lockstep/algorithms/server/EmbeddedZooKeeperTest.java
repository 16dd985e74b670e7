package lockstep.algorithms.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.apache.zookeeper.util.ServiceUtils;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.network.ReconnectPacing;
import lockstep.algorithms.testing.Await;

/**
 * The embedded server is reachable on loopback and nowhere else, with its admin web server off, stops and starts
 * again with its sessions, and leaves nothing in the temp directory.
 */
class EmbeddedZooKeeperTest {

    private static List<InetAddress> nonLoopbackAddresses() throws IOException {
        return Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(nic -> Collections.list(nic.getInetAddresses()).stream())
                .filter(address -> !address.isLoopbackAddress() && address instanceof Inet4Address)
                .toList();
    }

    /**
     * ZooKeeper's embedded server sets its JVM-wide exit procedure back to System.exit at every start: a request to
     * exit (14: a quorum port not bound; 1: a server thread out of memory) after a start or a restart must only be
     * logged. Were it not, this test's JVM would end here.
     */
    @Test
    void aServersRequestToEndTheJvmIsOnlyLoggedAfterAStartAndARestart() throws Exception {
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
            ServiceUtils.requestSystemExit(14);
            server.restart();
            ServiceUtils.requestSystemExit(1);
            assertEquals("imok", FourLetterWordMain.send4LetterWord("127.0.0.1", server.port(), "ruok").trim());
        }
    }

    @Test
    void listensOnLoopbackOnly() throws Exception {
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
            assertTrue(server.connectString().startsWith("127.0.0.1:"), server.connectString());
            String answer = FourLetterWordMain.send4LetterWord("127.0.0.1", server.port(), "ruok");
            assertEquals("imok", answer.trim());
            for (InetAddress address : nonLoopbackAddresses()) {
                assertThrows(IOException.class, () -> {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress(address, server.port()), 2000);
                    }
                }, "the client port must not answer on " + address);
            }
        }
    }

    @Test
    void adminServerIsOffAndForceSyncIsOffByDefault() throws Exception {
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
            assertEquals("false", System.getProperty("zookeeper.admin.enableServer"));
            assertEquals(false, server.forceSync());
            assertEquals("no", System.getProperty("zookeeper.forceSync"));
        }
    }

    /** Connection states a handle reported, in order. */
    private static final class States implements Watcher {
        private final List<KeeperState> seen = new ArrayList<>();

        @Override
        public synchronized void process(WatchedEvent event) {
            if (event.getType() == EventType.None) {
                seen.add(event.getState());
            }
        }

        synchronized long count(KeeperState state) {
            return seen.stream().filter(state::equals).count();
        }
    }

    @Test
    void aStoppedServerStartsAgainWithItsSessions() throws Exception {
        Duration wait = Duration.ofSeconds(20);
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
            Cluster cluster = server;
            assertEquals(1, cluster.size());
            assertTrue(cluster.isRunning());
            assertEquals("one embedded server at " + server.connectString(), cluster.describe());
            States states = new States();
            ZooKeeper zk = new ZooKeeper(cluster.connectString(), 10_000, states);
            try {
                ReconnectPacing.immediate(zk);
                Await.until(() -> states.count(KeeperState.SyncConnected) == 1, wait, "connected");
                long session = zk.getSessionId();
                zk.create("/survivor", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);

                cluster.stop();
                assertFalse(cluster.isRunning());
                assertTrue(cluster.describe().endsWith("(stopped)"), cluster.describe());
                Await.until(() -> states.count(KeeperState.Disconnected) == 1, wait, "disconnected");
                assertThrows(IOException.class, () -> new Socket(EmbeddedZooKeeper.LOOPBACK, server.port()).close(),
                        "nothing listens while stopped");
                assertThrows(KeeperException.ConnectionLossException.class, () -> zk.exists("/survivor", false));

                cluster.startAgain();
                assertTrue(cluster.isRunning());
                Await.until(() -> states.count(KeeperState.SyncConnected) == 2, wait, "reconnected");
                assertEquals(session, zk.getSessionId());
                assertNotNull(zk.exists("/survivor", false), "the session and its ephemeral node survived");
                assertEquals(0, states.count(KeeperState.Expired));

                cluster.startAgain();
                cluster.restart();
                Await.until(() -> states.count(KeeperState.SyncConnected) == 3, wait, "reconnected after a restart");
                assertNotNull(zk.exists("/survivor", false));
            } finally {
                zk.close();
            }
        }
    }

    @Test
    void leavesNoConfigurationFileInTheTempDirectory() throws Exception {
        Path temp = Path.of(System.getProperty("java.io.tmpdir"));
        // Other JVMs (and older runs) may leave such files: only one that appears during this server's life and names
        // its port is ours.
        List<Path> before = configurationFiles(temp);
        int port;
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
            port = server.port();
            server.restart();
        }
        List<Path> ours = configurationFiles(temp).stream().filter(f -> !before.contains(f))
                .filter(f -> mentions(f, "clientPort=" + port)).toList();
        assertEquals(List.of(), ours);
    }

    private static List<Path> configurationFiles(Path temp) throws IOException {
        try (Stream<Path> files = Files.list(temp)) {
            return files.filter(f -> f.getFileName().toString().startsWith("zookeeper.configuration")).toList();
        }
    }

    private static boolean mentions(Path file, String line) {
        try {
            return Files.readAllLines(file).contains(line);
        } catch (IOException goneOrUnreadable) {
            return false;
        }
    }
}
