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

    static SeparateZooKeepers start(Path home, int count) throws Exception {
        SeparateZooKeepers servers = new SeparateZooKeepers();
        try {
            List<Integer> ports = freePorts(3 * count);
            List<String> members = new ArrayList<>();
            for (int id = 1; count > 1 && id <= count; id++) {
                members.add("server." + id + "=127.0.0.1:" + ports.get(3 * id - 2) + ":" + ports.get(3 * id - 1));
            }
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            for (int id = 1; id <= count; id++) {
                int clientPort = ports.get(3 * id - 3);
                Path data = Files.createDirectories(home.resolve("server" + id));
                Files.writeString(data.resolve("myid"), id + "\n");
                List<String> config = new ArrayList<>(List.of("tickTime=2000", "initLimit=10", "syncLimit=5",
                        "dataDir=" + data, "clientPort=" + clientPort, "clientPortAddress=127.0.0.1",
                        "admin.enableServer=false", "maxClientCnxns=0", "forceSync=no"));
                config.addAll(members);
                Path file = home.resolve("zoo" + id + ".cfg");
                Files.writeString(file, String.join("\n", config) + "\n");
                servers.processes.add(new ProcessBuilder(java, "-Xmx128m", "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                        "org.apache.zookeeper.server.quorum.QuorumPeerMain", file.toString())
                        .redirectErrorStream(true).redirectOutput(home.resolve("server" + id + ".log").toFile())
                        .start());
                servers.addresses.add("127.0.0.1:" + clientPort);
            }
            for (String address : servers.addresses) {
                connect(address).close(); // serving: a standalone server at once, a member once a leader leads
            }
            return servers;
        } catch (Exception | Error e) {
            servers.close();
            throw e;
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
