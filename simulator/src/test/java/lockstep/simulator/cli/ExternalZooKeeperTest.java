package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.server.ExternalZooKeeper;
import lockstep.algorithms.session.Credentials;
import lockstep.algorithms.session.ZooKeeperSeam;
import lockstep.simulator.check.Checker;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ServerStep;
import lockstep.simulator.trace.Event;

/**
 * {@code --connect} against a real ZooKeeper that is not Lockstep's: the ZooKeeper jar's own {@code QuorumPeerMain},
 * started as a separate JVM on a free loopback port with a generated configuration, stopped at the end. Every built-in
 * scenario runs there (those that stop or kill servers are refused in one line), and the server's tree is listed before
 * and after: it is exactly as it was. A digest identity protects the run's nodes from a second user.
 */
class ExternalZooKeeperTest {

    @TempDir
    static Path home;
    private static SeparateZooKeepers servers;
    private static String address;
    private static ZooKeeper observer;

    @BeforeAll
    static void startASeparateServer() throws Exception {
        servers = SeparateZooKeepers.start(home, 1);
        address = servers.addresses().get(0);
        observer = connect(address);
        // something of someone else's that a run must leave alone
        observer.create("/theirs", "keep".getBytes(), ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }

    /** A session of the test's own; the client retries until the server process listens (no sleeping here). */
    private static ZooKeeper connect(String where) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(where, 30_000, event -> {
            if (event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        assertTrue(connected.await(60, TimeUnit.SECONDS), "the separate server did not start");
        return zk;
    }

    @AfterAll
    static void stopTheServer() throws Exception {
        if (observer != null) {
            observer.close();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @AfterEach
    void backToEmbeddedServers() {
        Simulations.useExternal(null, Credentials.NONE);
    }

    /** Every path of the server's tree with its data, depth first, ZooKeeper's own {@code /zookeeper} left out. */
    private static List<String> tree() throws Exception {
        List<String> out = new ArrayList<>();
        walk("/", out);
        return out;
    }

    private static void walk(String path, List<String> out) throws Exception {
        List<String> children = new ArrayList<>(observer.getChildren(path, false));
        children.sort(null);
        for (String child : children) {
            String full = (path.equals("/") ? "" : path) + "/" + child;
            if (full.equals("/zookeeper")) {
                continue;
            }
            out.add(full + "=" + new String(observer.getData(full, false, null)));
            walk(full, out);
        }
    }

    @Test
    void everyBuiltInRunsThereAndTheTreeIsAsItWas() throws Exception {
        List<String> before = tree();
        Simulations.useExternal(address, Credentials.NONE);
        for (BuiltInScenarios.BuiltIn builtIn : BuiltInScenarios.list()) {
            Scenario scenario = BuiltInScenarios.load(builtIn.name());
            if (scenario.hasSeveralLocks()) {
                continue; // a multi-lock's scenario: sequential and curator-mutex take one lock and refuse it
            }
            boolean touchesServers = scenario.script().stream().anyMatch(ServerStep.class::isInstance);
            if (touchesServers) {
                var refused = assertThrows(lockstep.simulator.BadInputException.class,
                        () -> Simulations.run(scenario, "sequential", Simulations.seedFor(scenario, null)));
                assertTrue(refused.getMessage().contains("Lockstep does not control an external ZooKeeper"),
                        refused.getMessage());
                continue;
            }
            for (String algorithm : List.of("sequential", "curator-mutex")) {
                List<Event> trace = Simulations.run(scenario, algorithm, Simulations.seedFor(scenario, null));
                Event last = trace.get(trace.size() - 1);
                assertTrue(last instanceof Event.RunEnded e && e.outcome().equals("completed"),
                        builtIn.name() + " " + algorithm + ": " + last);
                List<String> expected = lockstep.simulator.scenario.GalleryRuns.expectedFailures(builtIn.name(),
                        lockstep.algorithms.registry.Algorithms.get(algorithm));
                assertEquals(expected, Checker.failures(trace).stream().map(f -> f.kind()).distinct().toList(),
                        builtIn.name() + " " + algorithm);
                if (builtIn.name().equals("07-session-expires")) { // the expiry happened there, not only in words
                    assertTrue(trace.stream().anyMatch(e -> e instanceof Event.Connection c && c.client().equals("c1")
                            && c.state() == Event.ConnectionState.EXPIRED), algorithm + ": c1 heard Expired");
                    assertTrue(trace.stream().anyMatch(e -> e instanceof Event.ClientState c
                            && c.client().equals("c2") && c.state() == Event.State.HOLDING),
                            algorithm + ": c1's node went with its session and c2 got the lock");
                }
            }
        }
        assertEquals(before, tree(), "the server's tree is exactly as the runs found it");
    }

    @Test
    void problemsAreOneLineWithExitTwoAndLeaveNothingBehind() throws Exception {
        List<String> before = tree();
        int nobody;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            nobody = socket.getLocalPort();
        }
        Cli.Result nothingListening = Cli.run("run", "01", "--connect", "127.0.0.1:" + nobody);
        assertEquals(2, nothingListening.exit(), nothingListening::toString);
        assertEquals(List.of("lockstep: --connect 127.0.0.1:" + nobody + ": no ZooKeeper answered at 127.0.0.1:"
                + nobody + " within 5000 ms (is a server listening there?)"), nothingListening.err().lines().toList());

        Cli.Result badAddress = Cli.run("run", "01", "--connect", "localhost");
        assertEquals(2, badAddress.exit(), badAddress::toString);
        assertEquals(1, badAddress.err().lines().count(), badAddress::toString);

        Cli.Result serverFault = Cli.run("run", "08", "--connect", address, "--algorithm", "sequential");
        assertEquals(2, serverFault.exit(), serverFault::toString);
        assertTrue(serverFault.err().strip().endsWith("cannot restart the servers: Lockstep does not control an "
                + "external ZooKeeper (expected embedded servers)"), serverFault::toString);

        Cli.Result noVariable = Cli.run("run", "01", "--connect", address, "--auth-env", "LOCKSTEP_NO_SUCH_VAR_42");
        assertEquals(2, noVariable.exit(), noVariable::toString);
        assertEquals("lockstep run: --auth-env: the environment variable LOCKSTEP_NO_SUCH_VAR_42 is not set "
                + "(expected it to hold user:password)", noVariable.err().strip());

        Cli.Result clientFaults = Cli.run("run", "09", "--connect", address, "--algorithm", "sequential");
        assertEquals(0, clientFaults.exit(), clientFaults::toString);
        assertEquals(before, tree(), "nothing left behind");
    }

    /** {@code lockstep} as a user starts it: a process of its own, the identity in its environment only. */
    private static Process lockstep(Path output, String secret, boolean loud, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Dlogback.configurationFile=" + ExternalZooKeeperTest.class.getResource("/logback.xml")));
        if (loud) { // every logger at DEBUG, ZooKeeper's own too: the password must not show even there
            command.addAll(List.of("-Dlockstep.log=DEBUG", "-Dlockstep.zk.log=DEBUG"));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "lockstep.simulator.cli.LockstepCommand"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("LOCKSTEP_TEST_IDENTITY", secret);
        return builder.start();
    }

    @Test
    void theIdentityNeverShowsAndAWrongPasswordIsOneLine() throws Exception {
        List<String> before = tree();
        String secret = "alice:Pw-8841-never-shown";
        Path trace = home.resolve("auth.jsonl");
        Path output = home.resolve("auth.out");
        Process run = lockstep(output, secret, true, "run", "07", "--connect", address, "--auth-env",
                "LOCKSTEP_TEST_IDENTITY", "--algorithm", "sequential", "--trace", trace.toString(), "--debug");
        String commandLine = run.info().commandLine().orElse("");
        assertTrue(run.waitFor(120, TimeUnit.SECONDS), "the run ended");
        String printed = Files.readString(output);
        assertEquals(0, run.exitValue(), printed);
        assertTrue(printed.contains("DEBUG"), "the loggers were on");
        for (String seen : List.of(commandLine, printed, Files.readString(trace))) {
            assertTrue(!seen.contains("Pw-8841"), "the password showed: " + seen);
        }
        assertEquals(before, tree());

        // Someone made /lockstep for alice alone (others may read its ACL): a wrong password is named at once.
        observer.addAuthInfo("digest", secret.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        observer.create(ExternalZooKeeper.BASE, new byte[0], new ArrayList<>(List.of(new org.apache.zookeeper.data.ACL(
                ZooDefs.Perms.ALL, new org.apache.zookeeper.data.Id("digest",
                org.apache.zookeeper.server.auth.DigestAuthenticationProvider.generateDigest(secret))),
                new org.apache.zookeeper.data.ACL(ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE))),
                CreateMode.PERSISTENT);
        try {
            Process wrong = lockstep(output, "alice:not-her-password", false, "run", "01", "--connect", address,
                    "--auth-env", "LOCKSTEP_TEST_IDENTITY");
            assertTrue(wrong.waitFor(120, TimeUnit.SECONDS), "the run ended");
            String line = Files.readString(output);
            assertEquals(2, wrong.exitValue(), line);
            assertEquals(List.of("lockstep: --connect " + address + ": the password of user 'alice' is wrong: the "
                    + "ACL of /lockstep names alice with another password (expected the variable of --auth-env to "
                    + "hold alice's password)"), line.lines().toList());
            assertEquals(List.of(), observer.getChildren(ExternalZooKeeper.BASE, false), "nothing left behind");
        } finally {
            observer.delete(ExternalZooKeeper.BASE, -1);
        }
        assertEquals(before, tree());
    }

    @Test
    void aSecondUserCannotDeleteTheRunsNodes() throws Exception {
        List<String> before = tree();
        Credentials alice = Credentials.digest("alice:s3cret");
        assertTrue(!alice.toString().contains("s3cret"), "the password never shows");
        try (ExternalZooKeeper external = ExternalZooKeeper.open(address, alice, 5_000)) {
            CountDownLatch connected = new CountDownLatch(1);
            ZooKeeperSeam owner = new ZooKeeperSeam("c1", external.connectString(), 10_000, event -> {
                if (event.getState() == KeeperState.SyncConnected) {
                    connected.countDown();
                }
            }, lockstep.algorithms.session.SeamListener.NONE).authenticated(alice);
            try {
                assertTrue(connected.await(30, TimeUnit.SECONDS));
                owner.create("/lock", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                assertEquals(ZooDefs.Ids.CREATOR_ALL_ACL.get(0).getPerms(),
                        owner.getACL("/lock", null).get(0).getPerms());

                ZooKeeper bob = connect(address);
                try {
                    bob.addAuthInfo("digest", "bob:other".getBytes());
                    String path = external.root() + "/lock";
                    assertThrows(KeeperException.NoAuthException.class, () -> bob.delete(path, -1));
                    assertThrows(KeeperException.NoAuthException.class, () -> bob.getChildren(external.root(), false));
                } finally {
                    bob.close();
                }
            } finally {
                owner.close();
            }
        }
        assertEquals(before, tree(), "the run's root went with it");
    }
}
