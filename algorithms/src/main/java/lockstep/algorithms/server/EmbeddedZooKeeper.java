package lockstep.algorithms.server;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

/**
 * A real ZooKeeper server inside this JVM (Curator's TestingServer), as Lockstep runs it: on a free port of the
 * loopback address only, admin web server off, no limit on connections per client address (a 200-client scenario
 * opens 200 sessions from 127.0.0.1; the default limit is 60), data directory deleted on close.
 *
 * <p>forceSync is off by default: the server does not fsync its transaction log before answering, which makes every
 * write faster and changes nothing a lock algorithm can observe. Turn it on with {@code start(true)}, or for every
 * server Lockstep starts with the system property {@code -Dlockstep.forceSync=true} (for the {@code lockstep}
 * command: {@code LOCKSTEP_JAVA_OPTS=-Dlockstep.forceSync=true ./lockstep ...}), to see what a production server
 * would cost.
 */
public final class EmbeddedZooKeeper implements Cluster, AutoCloseable {

    /** Loopback only: nothing listens on an address another machine could reach. */
    public static final String LOOPBACK = "127.0.0.1";

    private final TestingServer server;
    private final boolean forceSync;
    private volatile boolean running = true;
    private final Path home;

    private EmbeddedZooKeeper(TestingServer server, boolean forceSync, Path home) {
        this.server = server;
        this.forceSync = forceSync;
        this.home = home;
    }

    /** Starts a server with forceSync off, unless {@code -Dlockstep.forceSync=true} says otherwise. */
    public static EmbeddedZooKeeper start() throws Exception {
        return start(Boolean.getBoolean("lockstep.forceSync"));
    }

    public static EmbeddedZooKeeper start(boolean forceSync) throws Exception {
        // The server removes empty container nodes (lock parents) on a timer; in a scripted run that would insert a
        // NoNode-then-create at a random moment. Once an hour is as good as never for a run.
        return start(forceSync, Duration.ofHours(1));
    }

    /**
     * Starts a server that looks for empty containers every {@code interval} (ZooKeeper's default is a minute), for a
     * test that awaits their removal instead of waiting blindly.
     */
    public static EmbeddedZooKeeper startRemovingEmptyContainersEvery(Duration interval) throws Exception {
        return start(Boolean.getBoolean("lockstep.forceSync"), interval);
    }

    private static synchronized EmbeddedZooKeeper start(boolean forceSync, Duration containerCheck) throws Exception {
        ServerFailuresStayInTheServer.ensure();
        // The server reads these when it starts (its ContainerManager): system properties, so set them right here.
        System.setProperty("znode.container.checkIntervalMs", Long.toString(containerCheck.toMillis()));
        System.setProperty("znode.container.maxPerMinute", "10000");
        // ZooKeeper's embedded server writes a zookeeper.configuration*.properties file beside the data directory at
        // every start (Curator passes the data directory's parent as its base directory): one home per server keeps
        // that file out of the temp directory, and close() deletes the home with everything in it.
        Path home = Files.createTempDirectory("lockstep-zk-");
        File dataDir = Files.createDirectory(home.resolve("data")).toFile();
        Map<String, Object> properties = new HashMap<>();
        properties.put("clientPortAddress", LOOPBACK);
        properties.put("admin.enableServer", "false");
        properties.put("forceSync", forceSync ? "yes" : "no");
        // srvr (is the server up, who leads), wchs (how many watches: none may outlive its client) and wchc (which
        // session watches which path: what a waiter that gave up leaves in the server's watch table).
        properties.put("4lw.commands.whitelist", "srvr,stat,ruok,wchs,wchc,cons");
        // three distinct ports (client, quorum, election), all found before any is let go
        java.util.List<Integer> ports = EmbeddedEnsemble.freeLoopbackPorts(3);
        InstanceSpec spec = new InstanceSpec(dataDir, ports.get(0), ports.get(1), ports.get(2),
                true, 1, 2000, 0, properties, LOOPBACK);
        try {
            TestingServer server = new TestingServer(spec, true);
            ServerFailuresStayInTheServer.ensure(); // the server's start set System.exit back
            return new EmbeddedZooKeeper(server, forceSync, home);
        } catch (Exception failedToStart) {
            deleteTree(home);
            throw failedToStart;
        }
    }

    /** {@code 127.0.0.1:PORT}. */
    @Override
    public String connectString() {
        return server.getConnectString();
    }

    public int port() {
        return server.getPort();
    }

    public boolean forceSync() {
        return forceSync;
    }

    /** Stops the server and starts it again on the same port and data: sessions survive if they reconnect in time. */
    @Override
    public synchronized void restart() throws Exception {
        try {
            server.restart();
        } finally {
            ServerFailuresStayInTheServer.ensure();
        }
        running = true;
    }

    @Override
    public synchronized void stop() throws IOException {
        server.stop();
        running = false;
    }

    /**
     * Starts the server again after {@link #stop()}, same port and data. Curator's {@code TestingServer.start()} does
     * nothing after a stop (it starts only a server that never ran), so this goes through {@code restart()}, which
     * builds a fresh server on the same configuration.
     */
    @Override
    public synchronized void startAgain() throws Exception {
        if (!running) {
            try {
                server.restart();
            } finally {
                ServerFailuresStayInTheServer.ensure();
            }
            running = true;
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int size() {
        return 1;
    }

    @Override
    public String describe() {
        return "one embedded server at " + connectString() + (running ? "" : " (stopped)");
    }

    @Override
    public void close() throws IOException {
        try {
            server.close();
        } finally {
            deleteTree(home);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
