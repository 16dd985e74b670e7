package lockstep.gui.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the window can open here, decided before JavaFX is touched: JavaFX's GTK start-up on a dead display can hang
 * or abort the JVM, so it must never be the thing that finds out.
 *
 * <p>Steps (Linux; other systems have a native toolkit and are taken as able to open a window):
 * <ol>
 *   <li>{@code DISPLAY} must be set. JavaFX draws through X11 only (it forces GTK's X11 backend), so
 *       {@code WAYLAND_DISPLAY} alone is not enough: a Wayland desktop provides {@code DISPLAY} through Xwayland.</li>
 *   <li>{@code DISPLAY} is parsed as {@code [host]:n[.screen]}. A local display ({@code :n}, {@code unix:n}) is the
 *       socket {@code /tmp/.X11-unix/Xn}; a remote one ({@code host:n}, e.g. {@code localhost:10.0} from
 *       {@code ssh -X}) is TCP port 6000+n on that host.</li>
 *   <li>The probe connects and sends the X11 connection-setup request (12 bytes, no authorization) and waits for the
 *       first byte of the server's answer. Any answer (success, failure such as "authorization required", or
 *       "authenticate") means an X server is alive there; a missing socket, a refused connection (a stale socket
 *       left by a dead server) or silence within the timeout means it is not.</li>
 *   <li>A local display whose socket file is missing may still listen on Linux's abstract socket
 *       {@code @/tmp/.X11-unix/Xn} (which Java cannot connect to): it counts as alive when
 *       {@code /proc/net/unix} lists it.</li>
 * </ol>
 * The probe does not start JavaFX's toolkit under a timeout: a toolkit that still fails to start on a display that
 * answered throws, and the caller falls back from there.
 */
public final class DisplayProbe {

    /** How long an X server has to answer the connection setup. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    private static final Pattern DISPLAY = Pattern.compile("^([^:]*):{1,2}(\\d+)(\\.\\d+)?$");
    private static final int X_TCP_BASE_PORT = 6000;

    private final Map<String, String> env;
    private final boolean linux;
    private final Path socketDirectory;
    private final Path procNetUnix;
    private final Duration timeout;

    DisplayProbe(Map<String, String> env, boolean linux, Path socketDirectory, Path procNetUnix, Duration timeout) {
        this.env = Map.copyOf(env);
        this.linux = linux;
        this.socketDirectory = socketDirectory;
        this.procNetUnix = procNetUnix;
        this.timeout = timeout;
    }

    /** The probe of this process: its environment, the usual X socket directory, the default timeout. */
    public static DisplayProbe ofThisProcess() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        return new DisplayProbe(System.getenv(), os.contains("linux"), Path.of("/tmp/.X11-unix"),
                Path.of("/proc/net/unix"), DEFAULT_TIMEOUT);
    }

    /**
     * Why no window can open here, in a few words ("DISPLAY is not set", "DISPLAY=:99: no X server, ..."), or empty
     * when one can.
     */
    public Optional<String> whyNoDisplay() {
        if (!linux) {
            return Optional.empty();
        }
        String display = env.getOrDefault("DISPLAY", "").strip();
        if (display.isEmpty()) {
            String wayland = env.getOrDefault("WAYLAND_DISPLAY", "").strip();
            return Optional.of(wayland.isEmpty() ? "DISPLAY is not set"
                    : "DISPLAY is not set, and JavaFX needs X11 (Xwayland) even on Wayland");
        }
        Matcher m = DISPLAY.matcher(display);
        if (!m.matches()) {
            return Optional.of("DISPLAY=" + display + " is not of the form [host]:n[.screen]");
        }
        String host = m.group(1);
        int number = Integer.parseInt(m.group(2));
        if (host.isEmpty() || host.equals("unix")) {
            return local(display, number);
        }
        return remote(display, host, number);
    }

    private Optional<String> local(String display, int number) {
        Path socket = socketDirectory.resolve("X" + number);
        if (!Files.exists(socket)) {
            if (abstractSocketListed(socket)) {
                return Optional.empty();
            }
            return Optional.of("DISPLAY=" + display + ": no X server, no socket " + socket);
        }
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap(setupRequest()));
            channel.configureBlocking(false);
            try (Selector selector = Selector.open()) {
                channel.register(selector, SelectionKey.OP_READ);
                if (selector.select(Math.max(1, timeout.toMillis())) == 0) {
                    return Optional.of(silent(display));
                }
                int read = channel.read(ByteBuffer.allocate(1));
                return read == 1 ? Optional.empty() : Optional.of(closed(display));
            }
        } catch (IOException e) {
            return Optional.of("DISPLAY=" + display + ": no X server, " + socket + ": " + reason(e));
        }
    }

    private Optional<String> remote(String display, String host, int number) {
        try (Socket socket = new Socket()) {
            int millis = (int) Math.max(1, timeout.toMillis());
            socket.connect(new InetSocketAddress(host, X_TCP_BASE_PORT + number), millis);
            socket.setSoTimeout(millis);
            OutputStream out = socket.getOutputStream();
            out.write(setupRequest());
            out.flush();
            InputStream in = socket.getInputStream();
            return in.read() >= 0 ? Optional.empty() : Optional.of(closed(display));
        } catch (SocketTimeoutException e) {
            return Optional.of(silent(display));
        } catch (IOException e) {
            return Optional.of("DISPLAY=" + display + ": no X server, " + host + ":" + (X_TCP_BASE_PORT + number)
                    + ": " + reason(e));
        }
    }

    /** Linux lists abstract sockets in /proc/net/unix with a leading '@'. */
    private boolean abstractSocketListed(Path socket) {
        try {
            String wanted = "@" + socket;
            return Files.readAllLines(procNetUnix).stream().anyMatch(line -> line.endsWith(" " + wanted));
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
    }

    /**
     * The X11 connection-setup request without authorization: byte order ('l', little-endian), an unused byte,
     * protocol 11.0, empty authorization name and data, two bytes of padding.
     */
    static byte[] setupRequest() {
        return new byte[] {'l', 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    }

    private String silent(String display) {
        return "DISPLAY=" + display + ": the X server does not answer (waited " + timeout.toMillis() + " ms)";
    }

    private static String closed(String display) {
        return "DISPLAY=" + display + ": the X server closed the connection without answering";
    }

    private static String reason(IOException e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName()
                : message.toLowerCase(Locale.ROOT);
    }
}
