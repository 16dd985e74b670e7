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
import java.util.Collections;
import java.util.List;

import org.apache.zookeeper.client.FourLetterWordMain;
import org.junit.jupiter.api.Test;

/** The embedded server is reachable on loopback and nowhere else, with its admin web server off. */
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
}
