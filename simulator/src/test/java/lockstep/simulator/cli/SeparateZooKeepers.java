package lockstep.simulator.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/**
 * ZooKeeper servers that are not Lockstep's, for tests of {@code --connect}: the ZooKeeper jar's own
 * {@code QuorumPeerMain}, each a separate JVM with a generated configuration, on free ports of 127.0.0.1 (client,
 * quorum and election ports), admin server off. One server runs standalone; several form one ensemble.
 *
 * <p>Steps: {@link #start} writes each server's configuration and {@code myid}, starts the processes and returns once
 * every server serves a session of its own (the client retries until the process listens: no sleeping);
 * {@link #close()} ends the processes and waits for them.
 */
final class SeparateZooKeepers implements AutoCloseable {

    private final List<Process> processes = new ArrayList<>();
    private final List<String> addresses = new ArrayList<>();

    private SeparateZooKeepers() {
    }

    /**
     * Starts {@code count} servers. Ports are free when chosen but are not held while the JVMs start (seconds on a busy
     * machine): if another process takes one meanwhile, a server ends; then all start again on new ports (three
     * tries), and the last failure names the server and the end of its log.
     */
    static SeparateZooKeepers start(Path home, int count) throws Exception {
        return start(home, count, List.of());
    }

    /** {@link #start(Path, int)} with lines of configuration that replace the defaults ({@code maxClientCnxns=4}). */
    static SeparateZooKeepers start(Path home, int count, List<String> settings) throws Exception {
        IllegalStateException failed = null;
        for (int attempt = 1; attempt <= 3; attempt++) {
            SeparateZooKeepers servers = new SeparateZooKeepers();
            try {
                servers.startOnce(Files.createDirectories(home.resolve("attempt" + attempt)), count, settings);
                return servers;
            } catch (IllegalStateException e) {
                failed = e;
                servers.close();
            } catch (Exception | Error e) {
                servers.close();
                throw e;
            }
        }
        throw failed;
    }

    private void startOnce(Path home, int count, List<String> settings) throws Exception {
        List<Integer> ports = freePorts(3 * count);
        List<String> members = new ArrayList<>();
        for (int id = 1; count > 1 && id <= count; id++) {
            members.add("server." + id + "=127.0.0.1:" + ports.get(3 * id - 2) + ":" + ports.get(3 * id - 1));
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Path> logs = new ArrayList<>();
        for (int id = 1; id <= count; id++) {
            int clientPort = ports.get(3 * id - 3);
            Path data = Files.createDirectories(home.resolve("server" + id));
            Files.writeString(data.resolve("myid"), id + "\n");
            List<String> config = new ArrayList<>(List.of("tickTime=2000", "initLimit=10", "syncLimit=5",
                    "dataDir=" + data, "clientPort=" + clientPort, "clientPortAddress=127.0.0.1",
                    "admin.enableServer=false", "maxClientCnxns=0", "forceSync=no",
                    "4lw.commands.whitelist=conf,srvr"));
            for (String setting : settings) {
                String key = setting.substring(0, setting.indexOf('=') + 1);
                config.removeIf(line -> line.startsWith(key));
                config.add(setting);
            }
            config.addAll(members);
            Path file = home.resolve("zoo" + id + ".cfg");
            Files.writeString(file, String.join("\n", config) + "\n");
            Path log = home.resolve("server" + id + ".log");
            logs.add(log);
            processes.add(new ProcessBuilder(java, "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                    "-cp", System.getProperty("java.class.path"), "org.apache.zookeeper.server.quorum.QuorumPeerMain",
                    file.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start());
            addresses.add("127.0.0.1:" + clientPort);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int k = 0; k < addresses.size(); k++) {
            String address = addresses.get(k);
            // serving: a standalone server at once, a member once a leader leads
            CountDownLatch connected = new CountDownLatch(1);
            ZooKeeper zk = new ZooKeeper(address, 30_000, event -> {
                if (event.getState() == KeeperState.SyncConnected) {
                    connected.countDown();
                }
            });
            try {
                // waits in slices to notice a server that ended (a port taken meanwhile) without waiting out the rest
                while (!connected.await(1, TimeUnit.SECONDS)) {
                    for (int i = 0; i < processes.size(); i++) {
                        if (!processes.get(i).isAlive() || System.nanoTime() > deadline) {
                            throw new IllegalStateException("separate server " + (i + 1) + " at "
                                    + addresses.get(i) + (processes.get(i).isAlive() ? " did not serve in time"
                                    : " ended") + "; its log ends: " + tail(logs.get(i)));
                        }
                    }
                }
            } finally {
                zk.close();
            }
            // Another process may have taken the port between its choice and this server's start (a test suite
            // beside this one): the session above was then that process's, and this server ends soon. Only a
            // server that names this one's data directory is taken for it.
            if (!serves(address, home.resolve("server" + (k + 1)))) {
                throw new IllegalStateException("separate server " + (k + 1) + " at " + address
                        + ": another server answers there (its port was taken); its log ends: " + tail(logs.get(k)));
            }
        }
    }

    /** Whether the server at {@code address} is the one whose data directory is {@code data} (four-letter word conf). */
    private static boolean serves(String address, Path data) throws IOException {
        int colon = address.lastIndexOf(':');
        try (java.net.Socket socket = new java.net.Socket(address.substring(0, colon),
                Integer.parseInt(address.substring(colon + 1)))) {
            socket.getOutputStream().write("conf".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.shutdownOutput();
            String answer = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            return answer.contains("dataDir=" + data);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException unreadable) {
            return "(unreadable)";
        }
    }

    /** Every server's client address, {@code 127.0.0.1:PORT}, in server order. */
    List<String> addresses() {
        return List.copyOf(addresses);
    }

    /** The connect string of them all. */
    String connectString() {
        return String.join(",", addresses);
    }

    /** A session of the test's own, once connected. */
    static ZooKeeper connect(String where) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(where, 30_000, event -> {
            if (event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        if (!connected.await(90, TimeUnit.SECONDS)) {
            zk.close();
            throw new IllegalStateException("the separate server at " + where + " did not start serving");
        }
        return zk;
    }

    /** Ports free now, held together while chosen so that none is given twice. */
    static List<Integer> freePorts(int count) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
                held.add(socket);
                ports.add(socket.getLocalPort());
            }
            return ports;
        } finally {
            for (ServerSocket socket : held) {
                socket.close();
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        for (Process process : processes) {
            process.destroy();
        }
        for (Process process : processes) {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }
}
