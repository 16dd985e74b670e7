package lockstep.algorithms.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Ports for embedded servers to listen on, on loopback. A port asked of the kernel ({@code new ServerSocket(0)}) is
 * closed again before the server binds it, and in that gap any process's next outgoing connection, or another JVM's
 * ask, may be handed the same number: on a loaded machine with several test JVMs a server then fails to bind while
 * starting, and ZooKeeper's embedded server answers a failed start by asking the JVM to exit (code 2).
 *
 * <p>So the ports come from {@value #FIRST} to {@value #LAST}, below the ephemeral ranges of Linux (32768 and up),
 * Windows and macOS (49152 and up), where no outgoing connection takes a port. Each JVM starts at its own place in the
 * range (from its process id) and walks forward, never handing out a port twice while it runs (a restarted server
 * keeps its port; another server must not get it meanwhile), and checks each one by binding it.
 *
 * <p>Guarantees: the ports of one call are distinct, free when checked, and never given out before by this JVM (until
 * the range wraps, after some thousands of servers).
 */
final class LoopbackPorts {

    static final int FIRST = 20_000;
    static final int LAST = 32_000;
    private static final int SPAN = LAST - FIRST;

    /** The next port to try: this JVM's own place in the range, from its process id, then onward. */
    private static int next = Math.floorMod(ProcessHandle.current().pid() * 7_919L, SPAN);

    private LoopbackPorts() {
    }

    /** {@code count} distinct ports free on loopback now. */
    static synchronized List<Integer> take(int count) throws IOException {
        InetAddress loopback = InetAddress.getByName(EmbeddedZooKeeper.LOOPBACK);
        List<Integer> ports = new ArrayList<>(count);
        for (int tried = 0; ports.size() < count; tried++) {
            if (tried > SPAN) {
                throw new IOException("no free port on loopback between " + FIRST + " and " + LAST);
            }
            int port = FIRST + next;
            next = (next + 1) % SPAN;
            if (free(port, loopback)) {
                ports.add(port);
            }
        }
        return ports;
    }

    private static boolean free(int port, InetAddress loopback) {
        // bound as ZooKeeper binds (address reuse on), so a port a closed server left in TIME_WAIT counts as free
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new java.net.InetSocketAddress(loopback, port), 1);
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
