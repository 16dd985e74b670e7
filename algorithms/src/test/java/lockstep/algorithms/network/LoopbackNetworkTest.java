package lockstep.algorithms.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.apache.zookeeper.client.FourLetterWordMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.server.EmbeddedZooKeeper;

/** The network listens on loopback only, runs every link on one thread, and cleans up after itself. */
class LoopbackNetworkTest {

    private static EmbeddedZooKeeper server;

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedZooKeeper.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    private static List<InetAddress> nonLoopbackAddresses() throws IOException {
        return Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(nic -> Collections.list(nic.getInetAddresses()).stream())
                .filter(address -> !address.isLoopbackAddress() && address instanceof Inet4Address)
                .toList();
    }

    private static boolean threadNamed(String name) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.isAlive() && t.getName().equals(name));
    }

    @Test
    void aLinkListensOnLoopbackOnly() throws Exception {
        try (LoopbackNetwork network = LoopbackNetwork.start()) {
            ClientLink link = network.link("c1", server.connectString());
            assertTrue(link.connectString().startsWith("127.0.0.1:"), link.connectString());
            assertTrue(link.address().getAddress().isLoopbackAddress());
            for (InetAddress address : nonLoopbackAddresses()) {
                assertThrows(IOException.class, () -> {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress(address, link.address().getPort()), 2000);
                    }
                }, "the link must not answer on " + address);
            }
        }
    }

    @Test
    void aLinkForwardsToLoopbackOnlyAndOneLinkPerClient() throws Exception {
        try (LoopbackNetwork network = LoopbackNetwork.start()) {
            for (InetAddress address : nonLoopbackAddresses()) {
                assertThrows(IllegalArgumentException.class,
                        () -> network.link("c1", address.getHostAddress() + ":" + server.port()));
            }
            assertThrows(IllegalArgumentException.class, () -> network.link("c1", "127.0.0.1"));
            network.link("c1", server.connectString());
            assertThrows(IllegalArgumentException.class, () -> network.link("c1", server.connectString()));
        }
    }

    @Test
    void twoHundredLinksShareOneThread() throws Exception {
        int threadsBefore;
        List<ClientLink> links = new ArrayList<>();
        try (LoopbackNetwork network = LoopbackNetwork.start()) {
            threadsBefore = Thread.activeCount();
            for (int i = 0; i < 200; i++) {
                links.add(network.link("c" + i, server.connectString()));
            }
            assertEquals(200, network.links().size());
            // Other threads of the JVM may come and go meanwhile; a thread per link would add 200.
            assertTrue(Thread.activeCount() < threadsBefore + 10, "opening 200 links started no thread per link");
            for (ClientLink link : links) {
                String answer = FourLetterWordMain.send4LetterWord(LoopbackNetwork.LOOPBACK, link.address().getPort(),
                        "ruok");
                assertEquals("imok", answer.trim(), link.client());
            }
            assertEquals(1, Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> thread.getName().equals(network.threadName())).count(),
                    "200 links carried traffic on one thread");
            assertTrue(links.stream().allMatch(link -> link.connectionsAccepted() == 1));
            assertEquals(links.get(7), network.linkOf("c7").orElseThrow());

            links.get(0).close();
            assertFalse(network.linkOf("c0").isPresent());
            assertThrows(IOException.class, () -> new Socket(LoopbackNetwork.LOOPBACK, links.get(0).address().getPort())
                    .close(), "a closed link no longer listens");
            assertTrue(threadNamed(network.threadName()));
        }
        assertFalse(threadNamed("lockstep-network"), "closing the network ends its thread");
    }
}
