package lockstep.algorithms.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import org.apache.zookeeper.client.FourLetterWordMain;
import org.junit.jupiter.api.Test;

/**
 * The embedded server is reachable on loopback and nowhere else, with its admin web server off, and leaves nothing in
 * the temp directory.
 */
class EmbeddedZooKeeperTest {

    private static List<InetAddress> nonLoopbackAddresses() throws IOException {
        return Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(nic -> Collections.list(nic.getInetAddresses()).stream())
                .filter(address -> !address.isLoopbackAddress() && address instanceof Inet4Address)
                .toList();
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

    @Test
    void leavesNoConfigurationFileInTheTempDirectory() throws Exception {
        int port;
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
            port = server.port();
            server.restart();
        }
        // other JVMs may start servers in the same temp directory: only a file naming this server's port is ours
        Path temp = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> files = Files.list(temp)) {
            List<Path> ours = files.filter(f -> f.getFileName().toString().startsWith("zookeeper.configuration"))
                    .filter(f -> mentions(f, "clientPort=" + port))
                    .toList();
            assertEquals(List.of(), ours);
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
