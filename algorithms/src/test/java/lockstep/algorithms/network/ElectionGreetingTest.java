package lockstep.algorithms.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.zookeeper.server.quorum.QuorumCnxManager;
import org.apache.zookeeper.server.quorum.QuorumCnxManager.InitialMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A link to an election port gives the address it was told to in place of the one the connecting server gives of
 * itself, as ZooKeeper's own parser of that first message reads it; what follows the message, and a message of the old
 * form, pass untouched.
 */
class ElectionGreetingTest {

    private static final int TIMEOUT_MS = 20_000;
    private static final byte[] AFTER = "votes follow".getBytes(StandardCharsets.US_ASCII);

    private LoopbackNetwork network;
    private ServerSocket electionPort;

    @BeforeEach
    void open() throws Exception {
        network = LoopbackNetwork.start();
        electionPort = new ServerSocket(0, 8, InetAddress.getByName(LoopbackNetwork.LOOPBACK));
        electionPort.setSoTimeout(TIMEOUT_MS);
    }

    @AfterEach
    void close() throws Exception {
        electionPort.close();
        network.close();
    }

    private ClientLink advertisingLink(InetSocketAddress advertised) {
        ClientLink link = network.link("server 1 to 3 election", LoopbackNetwork.LOOPBACK + ":"
                + electionPort.getLocalPort());
        link.advertiseElectionAddress(advertised);
        return link;
    }

    @Test
    void theFirstMessageGivesTheAdvertisedAddress() throws Exception {
        InetSocketAddress advertised = new InetSocketAddress(LoopbackNetwork.LOOPBACK, 45678);
        ClientLink link = advertisingLink(advertised);
        try (Socket server1 = new Socket()) {
            server1.connect(link.address(), TIMEOUT_MS);
            DataOutputStream out = new DataOutputStream(server1.getOutputStream());
            // As QuorumCnxManager.startConnection writes it; the message comes in two parts, the link waits for both.
            byte[] own = "127.0.0.1:7".getBytes(StandardCharsets.US_ASCII);
            out.writeLong(QuorumCnxManager.PROTOCOL_VERSION_V1);
            out.writeLong(1);
            out.flush();
            out.writeInt(own.length);
            out.write(own);
            out.write(AFTER);
            out.flush();
            try (Socket accepted = electionPort.accept()) {
                accepted.setSoTimeout(TIMEOUT_MS);
                DataInputStream in = new DataInputStream(accepted.getInputStream());
                InitialMessage message = InitialMessage.parse(in.readLong(), in);
                assertEquals(1L, message.sid);
                assertEquals(List.of(advertised), message.electionAddr);
                byte[] after = new byte[AFTER.length];
                in.readFully(after);
                assertArrayEquals(AFTER, after);
            }
        }
    }

    @Test
    void aMessageOfTheOldFormPassesUntouched() throws Exception {
        ClientLink link = advertisingLink(new InetSocketAddress(LoopbackNetwork.LOOPBACK, 45678));
        try (Socket server1 = new Socket()) {
            server1.connect(link.address(), TIMEOUT_MS);
            DataOutputStream out = new DataOutputStream(server1.getOutputStream());
            out.writeLong(1);
            out.write(AFTER);
            out.flush();
            try (Socket accepted = electionPort.accept()) {
                accepted.setSoTimeout(TIMEOUT_MS);
                DataInputStream in = new DataInputStream(accepted.getInputStream());
                assertEquals(1L, in.readLong());
                byte[] after = new byte[AFTER.length];
                in.readFully(after);
                assertArrayEquals(AFTER, after);
            }
        }
    }
}
