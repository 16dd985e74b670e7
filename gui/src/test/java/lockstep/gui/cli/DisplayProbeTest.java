package lockstep.gui.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The display probe on real sockets: a display that is not set, not there, stale, silent, or answering. The
 * answering ones are a few lines that read the X11 setup request and answer its first byte, as an X server would.
 */
class DisplayProbeTest {

    private static final Duration SHORT = Duration.ofMillis(300);

    @TempDir
    Path sockets;

    private DisplayProbe probe(Map<String, String> env) {
        return new DisplayProbe(env, true, sockets, sockets.resolve("proc-net-unix"), SHORT);
    }

    @Test
    void noDisplayVariable() {
        assertEquals(Optional.of("DISPLAY is not set"), probe(Map.of()).whyNoDisplay());
        assertEquals(Optional.of("DISPLAY is not set"), probe(Map.of("DISPLAY", " ")).whyNoDisplay());
        assertEquals(Optional.of("DISPLAY is not set, and JavaFX needs X11 (Xwayland) even on Wayland"),
                probe(Map.of("WAYLAND_DISPLAY", "wayland-0")).whyNoDisplay());
        assertEquals(Optional.of("DISPLAY=nonsense is not of the form [host]:n[.screen]"),
                probe(Map.of("DISPLAY", "nonsense")).whyNoDisplay());
    }

    @Test
    void otherSystemsHaveTheirOwnToolkit() {
        assertEquals(Optional.empty(), new DisplayProbe(Map.of(), false, sockets, sockets, SHORT).whyNoDisplay());
    }

    @Test
    void noSocket() {
        assertEquals(Optional.of("DISPLAY=:99: no X server, no socket " + sockets.resolve("X99")),
                probe(Map.of("DISPLAY", ":99")).whyNoDisplay());
        assertEquals(Optional.of("DISPLAY=unix:99.0: no X server, no socket " + sockets.resolve("X99")),
                probe(Map.of("DISPLAY", "unix:99.0")).whyNoDisplay());
    }

    @Test
    void anAbstractSocketListedByTheKernelCounts() throws IOException {
        Files.writeString(sockets.resolve("proc-net-unix"), "Num       RefCount Protocol Flags    Type St Inode Path\n"
                + "0000000000000000: 00000002 00000000 00010000 0001 01 4242 @" + sockets.resolve("X7") + "\n");
        assertEquals(Optional.empty(), probe(Map.of("DISPLAY", ":7")).whyNoDisplay());
    }

    /** A server that died leaves its socket file behind: the connection is refused. */
    @Test
    void staleSocket() throws IOException {
        Path socket = sockets.resolve("X5");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
        }
        assertEquals(Optional.of("DISPLAY=:5: no X server, " + socket + ": connection refused"),
                probe(Map.of("DISPLAY", ":5")).whyNoDisplay());
    }

    /** A hung server accepts (the kernel does, from its backlog) but never answers: the probe gives up in time. */
    @Test
    void silentServer() throws IOException {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(sockets.resolve("X6")));
            assertEquals(Optional.of("DISPLAY=:6: the X server does not answer (waited 300 ms)"),
                    probe(Map.of("DISPLAY", ":6")).whyNoDisplay());
        }
    }

    @Test
    void answeringLocalServer() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(sockets.resolve("X3")));
            CompletableFuture<byte[]> request = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel client = server.accept()) {
                    ByteBuffer setup = ByteBuffer.allocate(12);
                    while (setup.hasRemaining() && client.read(setup) >= 0) {
                        // keep reading: the request may arrive in pieces
                    }
                    client.write(ByteBuffer.wrap(new byte[] {0}));
                    return setup.array();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            DisplayProbe patient = new DisplayProbe(Map.of("DISPLAY", ":3.0"), true, sockets, sockets,
                    Duration.ofSeconds(10));
            assertEquals(Optional.empty(), patient.whyNoDisplay());
            assertArrayEquals(DisplayProbe.setupRequest(), request.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void remoteServerOverTcp() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 1, loopback)) {
            int number = server.getLocalPort() - 6000;
            org.junit.jupiter.api.Assumptions.assumeTrue(number >= 0, "an ephemeral port above 6000");
            CompletableFuture<Void> answered = CompletableFuture.runAsync(() -> {
                try (Socket client = server.accept()) {
                    InputStream in = client.getInputStream();
                    in.readNBytes(12);
                    client.getOutputStream().write(1);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            DisplayProbe patient = new DisplayProbe(Map.of("DISPLAY", "127.0.0.1:" + number), true, sockets, sockets,
                    Duration.ofSeconds(10));
            assertEquals(Optional.empty(), patient.whyNoDisplay());
            answered.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void remoteServerNotThere() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(port >= 6000, "an ephemeral port above 6000");
        String display = "127.0.0.1:" + (port - 6000);
        assertEquals(Optional.of("DISPLAY=" + display + ": no X server, 127.0.0.1:" + port + ": connection refused"),
                probe(Map.of("DISPLAY", display)).whyNoDisplay());
    }
}
