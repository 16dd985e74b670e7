package lockstep.algorithms.server;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingZooKeeperServer;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.apache.zookeeper.server.quorum.FastLeaderElection;

import lockstep.algorithms.network.ClientLink;
import lockstep.algorithms.network.LoopbackNetwork;

/**
 * Three or five real ZooKeeper servers inside this JVM, forming one ensemble (Curator's TestingCluster), as Lockstep
 * runs them: every server on free ports of the loopback address only (client, quorum and election ports), admin web
 * server off, no limit on connections per client address, forceSync as for {@link EmbeddedZooKeeper}, every data
 * directory under one temporary home deleted on close. Servers are numbered 1..size() (their ZooKeeper server ids).
 *
 * <p>Started by {@link #start(int)}, the members reach each other directly, on their own quorum and election ports.
 * Started by {@link #start(int, boolean) start(size, true)} (what a run that cuts a server off needs), they reach each
 * other through loopback proxies of their own ({@link LoopbackNetwork} links, one for each ordered pair of servers and
 * each of the quorum and election ports): each server's configuration names its own ports and, for every other server,
 * the proxy that forwards there, so a partition is real TCP, as a client's cut link is. (A server that reaches another's
 * election port gives its own election address, and a server reached by a lower-numbered one calls it back at the
 * address it gave: the link puts the link the other way in its place, so no connection between two servers bypasses the links;
 * see {@link ClientLink#advertiseElectionAddress}.) The proxies are not the default
 * because they change how soon a server notices a dead peer (a proxy accepts a connection to a killed server and then
 * closes it, where a direct connection is refused), and with it what the clients see after a kill: a run that cuts no
 * server off keeps the timing of direct links. Clients reach the servers' client ports directly (or through links of
 * the run's own network).
 *
 * <p>Steps: {@link #start(int)} starts every server and returns once the highest-numbered server leads and every server
 * serves;
 * {@link #kill(int)} and {@link #restart(int)} change one server; {@link #isolate(int)} cuts one off from the others
 * and {@link #heal()} joins them again; {@link #awaitLeader()} says who leads once the
 * servers have settled, asking each server itself (the {@code srvr} four-letter word: {@code Mode: leader}), since
 * Curator's testing classes do not expose the quorum peer.
 *
 * <p>Guarantees: a method returns once its change has taken effect on the server it names; the first leader is the
 * highest-numbered server; who is elected after a kill is the servers' own decision (ZooKeeper's fast leader election
 * prefers the highest server id among those with the newest data, so it is the same when every server has applied
 * every write, which a lockstep run makes sure of, but nothing here forces it).
 */
public final class EmbeddedEnsemble implements Cluster, AutoCloseable {

    /** How long a peer link retries a connection its server refuses (a leader not yet listening). */
    private static final java.time.Duration PEER_PATIENCE = java.time.Duration.ofSeconds(5);
    /** How long an election may take before the ensemble is declared broken. */
    private static final long SETTLE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** Between two looks at the servers' modes while they elect: there is no event to wait for. */
    private static final long LOOK_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** Link index of a peer's quorum port, and of its election port. */
    private static final int QUORUM = 0;
    private static final int ELECTION = 1;

    private final TestingCluster cluster;
    private final List<InstanceSpec> specs;
    private final boolean[] up;
    private final boolean[] isolated;
    private final Path home;
    /** The peer links' network, or null when the servers reach each other directly. */
    private final LoopbackNetwork peers;
    /**
     * {@code links[from][to][QUORUM or ELECTION]}: how server {@code from} reaches server {@code to} (1-based); null
     * when the servers reach each other directly.
     */
    private final ClientLink[][][] links;

    private EmbeddedEnsemble(TestingCluster cluster, List<InstanceSpec> specs, Path home, LoopbackNetwork peers,
            ClientLink[][][] links) {
        this.cluster = cluster;
        this.specs = specs;
        this.up = new boolean[specs.size()];
        java.util.Arrays.fill(up, true);
        this.isolated = new boolean[specs.size()];
        this.home = home;
        this.peers = peers;
        this.links = links;
    }

    /**
     * Starts {@code size} servers (3 or 5) that reach each other directly, and waits until they have elected a leader.
     * None of them can be cut off ({@link #canIsolate()} is false).
     */
    public static EmbeddedEnsemble start(int size) throws Exception {
        return start(size, false);
    }

    /**
     * Starts {@code size} servers (3 or 5) and waits until they have elected a leader; with {@code peerLinks} they
     * reach each other through proxies, so that one can be cut off ({@link #isolate}), else directly.
     */
    public static EmbeddedEnsemble start(int size, boolean peerLinks) throws Exception {
        if (size != 3 && size != 5) {
            throw new IllegalArgumentException("an ensemble has 3 or 5 servers, not " + size);
        }
        ServerFailuresStayInTheServer.ensure();
        boolean forceSync = Boolean.getBoolean("lockstep.forceSync");
        System.setProperty("znode.container.checkIntervalMs", "3600000");
        // An election round that hears nothing doubles its wait, up to 60 s by default: made for peers across a
        // network, but on a loaded machine a few silent rounds among servers in this JVM put the next look beyond
        // any run's patience. A second is ample on loopback, and ZooKeeper reads it once, when its election loads.
        if (System.getProperty(FastLeaderElection.MAX_NOTIFICATION_INTERVAL) == null) {
            System.setProperty(FastLeaderElection.MAX_NOTIFICATION_INTERVAL, "1000");
        }
        Path home = Files.createTempDirectory("lockstep-ensemble-");
        List<InstanceSpec> specs = new ArrayList<>();
        TestingCluster cluster = null;
        LoopbackNetwork peers = peerLinks ? LoopbackNetwork.start() : null;
        try {
            // The peer links first: the ports they listen on are taken before the servers' own are looked for.
            ClientLink[][][] links = peerLinks ? new ClientLink[size + 1][size + 1][2] : null;
            for (int from = 1; peerLinks && from <= size; from++) {
                for (int to = 1; to <= size; to++) {
                    if (from != to) {
                        links[from][to][QUORUM] = peers.link("server " + from + " to " + to + " quorum",
                                EmbeddedZooKeeper.LOOPBACK + ":1");
                        links[from][to][ELECTION] = peers.link("server " + from + " to " + to + " election",
                                EmbeddedZooKeeper.LOOPBACK + ":1");
                        // A follower that reaches a leader before it listens must see a refusal it retries, not an
                        // end (see ClientLink.retryRefusedConnections); initLimit is the follower's own patience.
                        links[from][to][QUORUM].retryRefusedConnections(PEER_PATIENCE);
                        links[from][to][ELECTION].retryRefusedConnections(PEER_PATIENCE);
                    }
                }
            }
            // A server that reaches another's election port gives its own election address, and the other calls back
            // there: through the link the other way, so that no election connection bypasses the links.
            for (int from = 1; peerLinks && from <= size; from++) {
                for (int to = 1; to <= size; to++) {
                    if (from != to) {
                        links[from][to][ELECTION].advertiseElectionAddress(links[to][from][ELECTION].address());
                    }
                }
            }
            java.util.Iterator<Integer> ports = freeLoopbackPorts(3 * size).iterator();
            for (int id = 1; id <= size; id++) {
                File dataDir = Files.createDirectory(home.resolve("server-" + id)).toFile();
                Map<String, Object> properties = new HashMap<>();
                properties.put("clientPortAddress", EmbeddedZooKeeper.LOOPBACK);
                properties.put("admin.enableServer", "false");
                properties.put("forceSync", forceSync ? "yes" : "no");
                properties.put("4lw.commands.whitelist", "srvr,stat,ruok,wchs,cons");
                specs.add(new InstanceSpec(dataDir, ports.next(), ports.next(), ports.next(), true,
                        id, 2000, 0, properties, EmbeddedZooKeeper.LOOPBACK));
            }
            cluster = peerLinks ? new TestingCluster(views(specs, links)) : new TestingCluster(specs);
            try {
                cluster.start();
            } finally {
                ServerFailuresStayInTheServer.ensure(); // each server's start set System.exit back
            }
            EmbeddedEnsemble ensemble = new EmbeddedEnsemble(cluster, List.copyOf(specs), home, peers, links);
            ensemble.leadWithTheHighest();
            return ensemble;
        } catch (Exception | Error failedToStart) {
            if (cluster != null) {
                try {
                    cluster.close();
                } catch (IOException e) {
                    failedToStart.addSuppressed(e);
                }
            }
            if (peers != null) {
                peers.close();
            }
            Trees.delete(home);
            throw failedToStart;
        }
    }

    /**
     * Each server's own view of the ensemble: itself on its own ports, every other server at the proxies that lead
     * there from it (the links are pointed at the real ports here). ZooKeeper binds only its own line's ports, and with
     * dynamic reconfiguration off (its default) a server never takes another's view for its own.
     */
    private static Map<InstanceSpec, java.util.Collection<InstanceSpec>> views(List<InstanceSpec> specs,
            ClientLink[][][] links) {
        Map<InstanceSpec, java.util.Collection<InstanceSpec>> views = new java.util.LinkedHashMap<>();
        for (int from = 1; from <= specs.size(); from++) {
            List<InstanceSpec> view = new ArrayList<>();
            for (int to = 1; to <= specs.size(); to++) {
                InstanceSpec real = specs.get(to - 1);
                if (from == to) {
                    view.add(real);
                    continue;
                }
                ClientLink quorum = links[from][to][QUORUM];
                ClientLink election = links[from][to][ELECTION];
                quorum.retarget(EmbeddedZooKeeper.LOOPBACK + ":" + real.getQuorumPort());
                election.retarget(EmbeddedZooKeeper.LOOPBACK + ":" + real.getElectionPort());
                view.add(new InstanceSpec(real.getDataDirectory(), real.getPort(), election.address().getPort(),
                        quorum.address().getPort(), true, to, real.getTickTime(), real.getMaxClientCnxns(),
                        real.getCustomProperties(), real.getHostname()));
            }
            views.put(specs.get(from - 1), view);
        }
        return views;
    }

    /**
     * Makes the highest-numbered server the first leader, so that every run starts alike. With no data yet every
     * server's history is equally new and ZooKeeper's election prefers the highest server id; but servers start one
     * after another, and on a busy machine the first two can elect one of them before the last is up. Then the
     * elected leader is restarted: the others, the highest among them, elect again, and it comes back as a follower.
     * Servers shared by many runs call it again between runs, so a run that moved the leadership leaves the next
     * one the ensemble a fresh start gives (every server is up when it is called).
     */
    public void leadWithTheHighest() throws Exception {
        heal();
        for (int attempt = 0; attempt < size(); attempt++) {
            int leader = awaitLeader();
            if (leader == 0) {
                throw new IllegalStateException("the ensemble elected no leader");
            }
            if (leader == size()) {
                return;
            }
            restart(leader);
        }
        throw new IllegalStateException("server " + size() + " did not become the leader");
    }

    /**
     * {@code count} distinct free ports for servers to bind, from {@link LoopbackPorts}: below the kernel's range of
     * ephemeral ports, so that no outgoing connection of any process can take one between its pick here and the
     * server's bind (a server that fails to bind while starting asks ZooKeeper to end the JVM).
     */
    static List<Integer> freeLoopbackPorts(int count) throws IOException {
        return LoopbackPorts.take(count);
    }

    @Override
    public String connectString() {
        return cluster.getConnectString();
    }

    @Override
    public String connectStringOf(int server) {
        return spec(server).getConnectString();
    }

    @Override
    public synchronized boolean isUp(int server) {
        check(server);
        return up[server - 1];
    }

    /** Kills server {@code server}: its connections break at once; the others go on if they are a majority. */
    @Override
    public synchronized void kill(int server) throws Exception {
        if (isUp(server)) {
            cluster.killServer(spec(server));
            up[server - 1] = false;
        }
    }

    /** Starts server {@code server} again on its ports and data (killing it first if it runs). */
    @Override
    public synchronized void restart(int server) throws Exception {
        kill(server);
        boolean started;
        try {
            started = cluster.restartServer(spec(server));
        } finally {
            ServerFailuresStayInTheServer.ensure(); // the server's start set System.exit back
        }
        if (!started) {
            throw new IllegalStateException("server " + server + " did not start again");
        }
        up[server - 1] = true;
    }

    /**
     * Cuts server {@code server} off from the other servers, both ways, as a network partition does: its peer links'
     * connections close and new ones are refused; its clients' way to it stays. It then leaves the quorum (a follower
     * at once, its leader's connection gone; a leader once it sees too few followers, within a tick) and serves nobody;
     * the others, if they are a majority, go on or elect a new leader. Returns once it no longer serves.
     *
     * @throws IllegalStateException if it still serves after 30 s
     * @throws UnsupportedOperationException if the servers reach each other directly ({@link #canIsolate()})
     */
    @Override
    public synchronized void isolate(int server) throws Exception {
        check(server);
        if (links == null) {
            throw new UnsupportedOperationException("the servers of this ensemble reach each other directly: none can"
                    + " be cut off (expected an ensemble started with peer links)");
        }
        isolated[server - 1] = true;
        for (int other = 1; other <= size(); other++) {
            if (other != server) {
                for (ClientLink link : List.of(links[server][other][QUORUM], links[server][other][ELECTION],
                        links[other][server][QUORUM], links[other][server][ELECTION])) {
                    link.cut();
                }
            }
        }
        long deadline = System.nanoTime() + SETTLE_TIMEOUT_NANOS;
        while (up[server - 1] && !mode(server).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("server " + server + " still serves as " + mode(server)
                        + " 30 s after it was cut off from the other servers");
            }
            LockSupport.parkNanos(LOOK_PAUSE_NANOS);
        }
    }

    /** Every cut peer link works again; a cut-off server finds the others at its next election round and joins them. */
    @Override
    public synchronized void heal() {
        for (int from = 1; links != null && from <= size(); from++) {
            for (int to = 1; to <= size(); to++) {
                if (from != to) {
                    links[from][to][QUORUM].restore();
                    links[from][to][ELECTION].restore();
                }
            }
        }
        java.util.Arrays.fill(isolated, false);
    }

    /** Whether the servers reach each other through peer links that {@link #isolate} can cut. */
    @Override
    public boolean canIsolate() {
        return links != null;
    }

    @Override
    public synchronized boolean isIsolated(int server) {
        check(server);
        return isolated[server - 1];
    }

    /** Kills every server that runs. */
    @Override
    public synchronized void stop() throws Exception {
        for (int server = 1; server <= size(); server++) {
            kill(server);
        }
    }

    /** Starts every server that does not run. */
    @Override
    public synchronized void startAgain() throws Exception {
        for (int server = 1; server <= size(); server++) {
            if (!up[server - 1]) {
                restart(server);
            }
        }
    }

    @Override
    public synchronized void restart() throws Exception {
        stop();
        startAgain();
    }

    /** True while a majority runs and reaches each other (the ensemble can serve). */
    @Override
    public synchronized boolean isRunning() {
        return running() > size() / 2;
    }

    private int running() {
        int count = 0;
        for (int i = 0; i < up.length; i++) {
            count += up[i] && !isolated[i] ? 1 : 0;
        }
        return count;
    }

    @Override
    public int size() {
        return specs.size();
    }

    /**
     * The leader once every running server says it leads or follows (0 at once when too few run to elect one).
     *
     * @throws IllegalStateException if they do not settle within 30 s
     */
    @Override
    public int awaitLeader() throws Exception {
        if (!isRunning()) {
            return 0;
        }
        long deadline = System.nanoTime() + SETTLE_TIMEOUT_NANOS;
        while (true) {
            int leader = settledLeader();
            if (leader > 0) {
                return leader;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the ensemble elected no leader in 30 s (" + modes() + ")");
            }
            LockSupport.parkNanos(LOOK_PAUSE_NANOS);
        }
    }

    /** The one leader if every running server that reaches the others serves as leader or follower now, else 0. */
    private int settledLeader() {
        int leader = 0;
        for (int server = 1; server <= size(); server++) {
            if (!isUp(server) || isIsolated(server)) {
                continue;
            }
            String mode = mode(server);
            if (mode.equals("leader")) {
                if (leader != 0) {
                    return 0;
                }
                leader = server;
            } else if (!mode.equals("follower")) {
                return 0;
            }
        }
        return leader;
    }

    /** Each running server's mode, for a message: {@code server 1 follower, server 2 not serving}. */
    private String modes() {
        StringBuilder text = new StringBuilder();
        for (int server = 1; server <= size(); server++) {
            if (isUp(server)) {
                String mode = mode(server);
                text.append(text.length() == 0 ? "" : ", ").append("server ").append(server).append(' ')
                        .append(mode.isEmpty() ? "not serving" : mode).append(isIsolated(server) ? " (cut off)" : "");
            }
        }
        return text.toString();
    }

    /** What server {@code server} says it is ({@code leader}, {@code follower}), or "" when it does not serve. */
    public String mode(int server) {
        InstanceSpec spec = spec(server);
        try {
            String answer = FourLetterWordMain.send4LetterWord(spec.getHostname(), spec.getPort(), "srvr", false,
                    1000);
            for (String line : answer.split("\n")) {
                if (line.startsWith("Mode: ")) {
                    return line.substring("Mode: ".length()).strip();
                }
            }
            return "";
        } catch (Exception notServing) {
            return "";
        }
    }

    @Override
    public String describe() {
        StringBuilder text = new StringBuilder("an embedded ensemble of " + size() + " servers at ");
        for (int server = 1; server <= size(); server++) {
            text.append(server == 1 ? "" : ", ").append(connectStringOf(server)).append(isUp(server) ? "" : " (down)");
        }
        return text.toString();
    }

    /** The temporary home of every server's data (deleted by {@link #close()}). */
    Path home() {
        return home;
    }

    private InstanceSpec spec(int server) {
        check(server);
        return specs.get(server - 1);
    }

    private void check(int server) {
        if (server < 1 || server > specs.size()) {
            throw new IllegalArgumentException("no server " + server + " (expected 1.." + specs.size() + ")");
        }
    }

    @Override
    public void close() throws IOException {
        try {
            for (TestingZooKeeperServer server : cluster.getServers()) {
                server.close();
            }
            cluster.close();
        } finally {
            if (peers != null) {
                peers.close();
            }
            Trees.delete(home);
        }
    }
}
