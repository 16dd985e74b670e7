package lockstep.algorithms.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class LoopbackPortsTest {

    @Test
    void portsAreDistinctBelowTheEphemeralRangeAndNeverGivenTwice() throws Exception {
        List<Integer> first = LoopbackPorts.take(6);
        List<Integer> second = LoopbackPorts.take(6);
        Set<Integer> all = new HashSet<>(first);
        all.addAll(second);
        assertEquals(12, all.size(), "no port is handed out twice: " + first + " " + second);
        for (int port : all) {
            assertTrue(port >= LoopbackPorts.FIRST && port < LoopbackPorts.LAST, port + " in the range");
        }
    }

    @Test
    void aPortSomeoneListensOnIsSkipped() throws Exception {
        List<Integer> probe = LoopbackPorts.take(1);
        // the next port the walk would give, held by someone else: the walk must pass over it
        int held = probe.get(0) + 1;
        try (ServerSocket other = new ServerSocket(held, 1, InetAddress.getByName(EmbeddedZooKeeper.LOOPBACK))) {
            assertEquals(held, other.getLocalPort());
            List<Integer> next = LoopbackPorts.take(1);
            assertFalse(next.contains(held), "a port in use is not handed out");
        }
    }
}
