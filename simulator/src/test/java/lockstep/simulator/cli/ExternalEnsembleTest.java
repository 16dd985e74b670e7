package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.algorithms.session.Credentials;
import lockstep.simulator.check.Checker;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.trace.Event;

/**
 * {@code --connect} with a list of servers: a real ensemble of three {@code QuorumPeerMain} processes, each a separate
 * JVM ({@link SeparateZooKeepers}). Every listed server counts: each client is pinned to one by the seed, the trace
 * names the servers (the leader learnt from the servers themselves) and each client's server, {@code cN move} takes a
 * client to the next server with its session, {@code cN expire} ends a session there as on an embedded server, and a
 * run repeats byte for byte. The ensemble's tree is listed before and after: it is as it was.
 */
class ExternalEnsembleTest {

    @TempDir
    static Path home;
    private static SeparateZooKeepers servers;
    private static ZooKeeper observer;

    @BeforeAll
    static void startThreeSeparateServers() throws Exception {
        servers = SeparateZooKeepers.start(home, 3);
        observer = SeparateZooKeepers.connect(servers.connectString());
        observer.create("/theirs", "keep".getBytes(), ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }

    @AfterAll
    static void stopThem() throws Exception {
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

    private static List<String> tree() throws Exception {
        observer.sync("/", (rc, path, ctx) -> { }, null);
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
    void everyServerCountsAClientMovesAnotherExpiresAndTheRunRepeats() throws Exception {
        List<String> before = tree();
        Path file = home.resolve("move-and-expire.yaml");
        Files.writeString(file, String.join("\n",
                "title: A move and an expiry on an external ensemble",
                "seed: 5",
                "clients: 3",
                "script:",
                "  - all acquire",
                "  - c2 move",
                "  - c1 expire",
                "  - holder release",
                "  - holder release",
                ""));
        Scenario scenario = ScenarioLoader.load(file);
        Simulations.useExternal(servers.connectString(), Credentials.NONE);

        List<Event> trace = Simulations.run(scenario, "sequential", 5);
        assertEquals(trace, Simulations.run(scenario, "sequential", 5), "a run on the ensemble repeats");

        assertTrue(trace.get(trace.size() - 1) instanceof Event.RunEnded e && e.outcome().equals("completed"),
                trace.get(trace.size() - 1)::toString);
        assertEquals(List.of(), Checker.failures(trace));
        List<Event.ServerRole> roles = trace.stream().filter(Event.ServerRole.class::isInstance)
                .map(Event.ServerRole.class::cast).toList();
        assertEquals(List.of(1, 2, 3), roles.stream().map(Event.ServerRole::server).toList());
        assertEquals(1, roles.stream().filter(r -> r.role() == Event.Role.LEADER).count(), roles::toString);
        List<Event.ClientServer> pinned = trace.stream().filter(Event.ClientServer.class::isInstance)
                .map(Event.ClientServer.class::cast).toList();
        assertEquals(List.of("c1", "c2", "c3", "c2"), pinned.stream().map(Event.ClientServer::client).toList());
        assertNotEquals(pinned.get(1).server(), pinned.get(3).server(), "c2 moved to another server");
        assertTrue(pinned.stream().map(Event.ClientServer::server).distinct().count() > 1,
                "the seed spreads the clients over the servers: " + pinned);
        assertTrue(trace.stream().anyMatch(e -> e instanceof Event.Connection c && c.client().equals("c1")
                && c.state() == Event.ConnectionState.EXPIRED), "c1 heard that its session expired");
        assertTrue(trace.stream().anyMatch(e -> e instanceof Event.ClientState s && s.client().equals("c2")
                && s.state() == Event.State.HOLDING), "c1's node went with its session and c2 got the lock");

        List<Event> curator = Simulations.run(scenario, "curator-mutex", 5);
        assertEquals(List.of(), Checker.failures(curator));
        assertTrue(curator.get(curator.size() - 1) instanceof Event.RunEnded e && e.outcome().equals("completed"),
                curator.get(curator.size() - 1)::toString);
        assertEquals(before, tree(), "the ensemble's tree is exactly as the runs found it");
    }

    @Test
    void aListedServerThatDoesNotServeIsOneLineAndLeavesNothingBehind() throws Exception {
        List<String> before = tree();
        int nobody = SeparateZooKeepers.freePorts(1).get(0);
        String list = servers.connectString() + ",127.0.0.1:" + nobody;
        Cli.Result result = Cli.run("run", "01", "--connect", list, "--algorithm", "sequential");
        assertEquals(2, result.exit(), result::toString);
        assertEquals(List.of("lockstep: --connect " + list + ": 127.0.0.1:" + nobody + " does not answer as a "
                + "ZooKeeper server (expected every server of the list serving: each client is pinned to one of "
                + "them)"), result.err().lines().toList());
        assertEquals(before, tree(), "nothing left behind");
    }
}
