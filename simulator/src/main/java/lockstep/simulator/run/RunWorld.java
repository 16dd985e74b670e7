package lockstep.simulator.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import lockstep.algorithms.LockClient;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.Cluster;
import lockstep.algorithms.server.EmbeddedEnsemble;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.server.ExternalZooKeeper;
import lockstep.algorithms.session.Connection;
import lockstep.simulator.fault.Clock;
import lockstep.simulator.replay.EnsembleView;
import lockstep.simulator.scenario.Repeat;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ServerStep;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;

/**
 * Everything one lockstep run stands on, opened together and closed together: the servers, each client's own network
 * link, the clients' sessions and threads, the gate and the conductor that schedule them, the trace, the fenced
 * resource, and what faults act through.
 */
final class RunWorld implements AutoCloseable {

    final Cluster cluster;
    private final AutoCloseable server;
    /** The server each client's link goes to (1..N); all 1 on a single server. */
    private final Map<String, Integer> clientServers = new LinkedHashMap<>();
    final RunNetwork network;
    final TraceRecorder trace = new TraceRecorder();
    final Gate gate;
    final Conductor conductor;
    final Map<String, RunClient> clients = new LinkedHashMap<>();
    final FencedResource resource = new FencedResource(trace);
    final RunFaultContext faults;
    final ClientStates states;
    final Clock clock = Clock.virtual();
    final String lockPath;
    /** How many hold the lock at once in this run: the scenario's permits for a semaphore, else 1. */
    int permits = 1;
    final Connection connection;
    private final ServerLook look;
    /** Whether the servers are this run's own (closed with it) or shared with other runs (left running). */
    private final boolean ownsServer;
    /** Where a run on a shared server hands its closing, so the next run need not wait for it; null: close now. */
    private final java.util.concurrent.Executor closeLater;

    private <C extends Cluster & AutoCloseable> RunWorld(Scenario scenario, C server, RunNetwork network,
                                                         Scheduler scheduler, boolean ownsServer,
                                                         java.util.concurrent.Executor closeLater) {
        this.server = server;
        this.ownsServer = ownsServer;
        this.closeLater = closeLater;
        this.cluster = server;
        this.network = network;
        this.gate = new Gate(scenario.clients());
        this.look = new ServerLook(cluster);
        this.conductor = new Conductor(gate, trace, scheduler, new Conductor.LostReplies() {
            @Override
            public boolean lost(String client) {
                return network.isArmed(client) && network.replyWasLost(client);
            }

            @Override
            public java.util.List<String> childrenOnTheServer(String path) throws Exception {
                return look.children(path);
            }

            @Override
            public void awaitReconnected(String client, int connectionEventsBefore) {
                gate.awaitConnection(client, connectionEventsBefore,
                        org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected, "did not reconnect");
                faults.recordConnection(client, lockstep.simulator.trace.Event.ConnectionState.DISCONNECTED);
                faults.recordConnection(client, lockstep.simulator.trace.Event.ConnectionState.RECONNECTED);
            }

            @Override
            public void written() {
                syncServers();
            }
        });
        this.lockPath = "/locks/" + slug(scenario.source());
        this.connection = Connection.to(cluster.connectString()).withListener(gate)
                .withCredentials(cluster.credentials());
        this.faults = new RunFaultContext(this);
        this.states = new ClientStates(trace, gate, clients.values());
    }

    static RunWorld open(Scenario scenario, Algorithms.Info algorithm, Scheduler scheduler, long seed)
            throws Exception {
        Simulations.External external = Simulations.external();
        if (external != null) {
            return open(external(external), scenario, algorithm, scheduler, seed, true, null);
        }
        return scenario.ensemble() > 1
                ? open(EmbeddedEnsemble.start(scenario.ensemble(), cutsServerLinks(scenario.script())), scenario,
                        algorithm, scheduler, seed, true, null)
                : open(EmbeddedZooKeeper.start(), scenario, algorithm, scheduler, seed, true, null);
    }

    /**
     * Whether a script cuts a server off ({@code server N isolate}, inside a {@code repeat} too): only then do the
     * ensemble's servers reach each other through peer links that can be cut. Every other run keeps direct links,
     * whose timing after a kill its recorded traces were made with.
     */
    static boolean cutsServerLinks(List<Step> script) {
        for (Step step : script) {
            if (step instanceof ServerStep server && server.fault().cutsServerLinks()
                    || step instanceof Repeat repeat && cutsServerLinks(repeat.body())) {
                return true;
            }
        }
        return false;
    }

    /**
     * A world on a server other runs share: the scenario's source must give it a lock path of its own, and closing
     * leaves the server running (started again if the run stopped it) and winds the sessions down on
     * {@code closeLater}.
     */
    static <C extends Cluster & AutoCloseable> RunWorld onSharedServer(Scenario scenario, Algorithms.Info algorithm,
                                                                       Scheduler scheduler, long seed, C server,
                                                                       java.util.concurrent.Executor closeLater)
            throws Exception {
        return open(server, scenario, algorithm, scheduler, seed, false, closeLater);
    }

    private static <C extends Cluster & AutoCloseable> RunWorld open(C servers, Scenario scenario,
                                                                     Algorithms.Info algorithm, Scheduler scheduler,
                                                                     long seed, boolean ownsServer,
                                                                     java.util.concurrent.Executor closeLater)
            throws Exception {
        RunWorld world;
        try {
            world = new RunWorld(scenario, servers, RunNetwork.open(servers), scheduler, ownsServer, closeLater);
        } catch (Exception | Error e) {
            if (ownsServer) {
                servers.close();
            }
            throw e;
        }
        try {
            world.pin(scenario, seed);
            if (scenario.lockPathMade()) {
                world.makeLockPath(scenario);
            }
            world.connect(scenario, algorithm);
        } catch (Exception | Error e) {
            world.close();
            throw e;
        }
        return world;
    }

    /** The external ZooKeeper, with this run's own root made; a problem is bad input, one line. */
    private static ExternalZooKeeper external(Simulations.External external) throws Exception {
        try {
            return ExternalZooKeeper.open(external.connect(), external.credentials(), 5_000);
        } catch (ExternalZooKeeper.ConnectionProblem problem) {
            throw new lockstep.simulator.BadInputException("lockstep", "--connect " + external.connect() + ": "
                    + problem.getMessage());
        }
    }

    /**
     * Chooses each client's server by the seed (its own random sequence, so the scheduler's choices stay as they
     * are): the client's link forwards there and nowhere else, since the ZooKeeper client would shuffle a connect
     * string of several servers at random.
     */
    private void pin(Scenario scenario, long seed) {
        java.util.Random choice = new java.util.Random(seed ^ 0x5EEDE5L);
        for (String name : scenario.clients()) {
            clientServers.put(name, cluster.size() == 1 ? 1 : 1 + choice.nextInt(cluster.size()));
        }
    }

    int serverOf(String client) {
        return clientServers.getOrDefault(client, 1);
    }

    void moveClient(String client, int server, boolean now) {
        clientServers.put(client, server);
        network.retarget(client, server, now);
        trace.add(new Event.ClientServer(trace.next(), client, server));
    }

    /** On an ensemble: the servers' roles and each client's server, written once at the start of the run. */
    void recordEnsemble() throws Exception {
        if (cluster.size() <= 1) {
            return;
        }
        recordServers();
        clientServers.forEach((client, server) -> trace.add(new Event.ClientServer(trace.next(), client, server)));
    }

    /**
     * Waits for the servers to settle, then writes each server whose role is not what the trace says. An external
     * ensemble whose leader cannot be learnt (its servers refuse {@code srvr}) is written as followers only: every
     * one serves (checked when it was opened), which one leads is not known.
     */
    void recordServers() throws Exception {
        if (cluster.size() <= 1) {
            return;
        }
        int leader = cluster.awaitLeader();
        EnsembleView known = trace.state().ensemble();
        for (int server = 1; server <= cluster.size(); server++) {
            Event.Role role = !cluster.isUp(server) ? Event.Role.DOWN
                    : cluster.isIsolated(server) ? Event.Role.LOOKING
                    : leader == 0 ? (cluster.isControlled() ? Event.Role.LOOKING : Event.Role.FOLLOWER)
                    : server == leader ? Event.Role.LEADER : Event.Role.FOLLOWER;
            if (!known.isEnsemble() || known.role(server) != role) {
                trace.add(new Event.ServerRole(trace.next(), server, role));
            }
        }
    }

    /** See {@link lockstep.simulator.fault.FaultContext#recordServersDown()}. */
    void recordServersDown() {
        if (cluster.size() <= 1 || !cluster.isControlled()) {
            return;
        }
        EnsembleView known = trace.state().ensemble();
        int serving = 0;
        for (int server = 1; server <= cluster.size(); server++) {
            serving += serves(server) ? 1 : 0;
        }
        boolean leaderless = known.leader() != 0 && !serves(known.leader()) || serving <= cluster.size() / 2;
        // The lost server first (down, or looking when it runs cut off), then what its loss makes of the others.
        for (int server = 1; server <= cluster.size(); server++) {
            Event.Role role = !cluster.isUp(server) ? Event.Role.DOWN : Event.Role.LOOKING;
            if (!serves(server) && known.role(server) != role) {
                trace.add(new Event.ServerRole(trace.next(), server, role));
            }
        }
        for (int server = 1; leaderless && server <= cluster.size(); server++) {
            if (serves(server) && known.role(server) != Event.Role.LOOKING) {
                trace.add(new Event.ServerRole(trace.next(), server, Event.Role.LOOKING));
            }
        }
    }

    /** Whether server {@code server} runs and reaches the others (neither down nor cut off). */
    private boolean serves(int server) {
        return cluster.isUp(server) && !cluster.isIsolated(server);
    }

    /** Every serving server of an ensemble catches up with the leader (see {@link ServerLook#syncAll}). */
    void syncServers() {
        if (cluster.size() <= 1) {
            return;
        }
        EnsembleView known = trace.state().ensemble();
        if (known.leader() == 0 && cluster.isControlled()) {
            return; // no quorum: a sync would wait for ever (an external ensemble's leader may just be unknown)
        }
        try {
            look.syncAll(server -> known.role(server) == Event.Role.LEADER
                    || known.role(server) == Event.Role.FOLLOWER);
        } catch (Exception e) {
            throw new RunStalledException("the servers did not catch up with the leader: " + e.getMessage());
        }
    }

    /** Sessions connect side by side (each takes a few ms); the clients keep the scenario's order. */
    /**
     * The scenario's lock path made before its first line ({@link Scenario#lockPathMade}), and each named lock's: as
     * containers, as the first acquire would make them, by a session no client owns and the scheduler does not see.
     * Each run has its own lock path, so nothing of another run's is there.
     */
    private void makeLockPath(Scenario scenario) throws Exception {
        for (String path : scenario.locks().isEmpty() ? List.of(lockPath) : pathsOf(scenario.locks())) {
            look.makeContainers(path);
        }
        syncServers();
    }

    private void connect(Scenario scenario, Algorithms.Info algorithm) throws Exception {
        // A lock without permits runs a semaphore's scenario as what it is: a lock one client holds at a time.
        permits = algorithm.has(lockstep.algorithms.Flag.PERMITS) ? scenario.permits() : 1;
        lockstep.algorithms.LockTarget target = scenario.locks().isEmpty()
                ? lockstep.algorithms.LockTarget.semaphore(lockPath, permits)
                : lockstep.algorithms.LockTarget.all(pathsOf(scenario.locks()));
        Map<String, CompletableFuture<LockClient>> sessions = new LinkedHashMap<>();
        ExecutorService opener = Executors.newFixedThreadPool(Math.max(1, Math.min(16, scenario.clients().size())));
        try {
            for (String name : scenario.clients()) {
                Connection own = connection.withConnectString(network.connectStringFor(name, serverOf(name))
                        + cluster.chroot());
                sessions.put(name, CompletableFuture.supplyAsync(() -> {
                    try {
                        return algorithm.connect(name, own);
                    } catch (Exception e) {
                        throw new CompletionException(e);
                    }
                }, opener));
            }
            for (Map.Entry<String, CompletableFuture<LockClient>> session : sessions.entrySet()) {
                String name = session.getKey();
                if (!cluster.isControlled()) {
                    // A server that refuses this client's connections (its limit of connections per host) would
                    // otherwise be waited out, the session timeout, and then be an internal error.
                    CompletableFuture.anyOf(session.getValue(), network.serverRefuses(name))
                            .handle((done, failed) -> null).join();
                    if (!session.getValue().isDone()) {
                        throw refusedByTheServer(name, scenario.clients().size());
                    }
                }
                try {
                    clients.put(name, new RunClient(name, session.getValue().join(), target));
                } catch (CompletionException e) {
                    if (!cluster.isControlled() && e.getCause() instanceof java.io.IOException) {
                        throw new lockstep.simulator.BadInputException("lockstep", "--connect "
                                + Simulations.external().connect() + ": " + lockstep.simulator.text.SimulatorTexts.text(
                                "external.couldNotConnect", name, connection.sessionTimeout().toSeconds()));
                    }
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
        } catch (Exception | Error e) {
            // Sessions still opening are closed once open: none outlives a run that did not start.
            sessions.values().forEach(session -> session.thenAccept(RunWorld::closeQuietly));
            throw e;
        } finally {
            opener.shutdown();
        }
    }

    /**
     * The one line for an external server that ends a client's connections before answering while it serves the run's
     * own session: it refuses connections past its limit per host (ZooKeeper's {@code maxClientCnxns}).
     */
    private static lockstep.simulator.BadInputException refusedByTheServer(String client, int clients) {
        return new lockstep.simulator.BadInputException("lockstep", "--connect " + Simulations.external().connect()
                + ": " + lockstep.simulator.text.SimulatorTexts.text("external.tooManyConnections", client, clients + 1,
                clients));
    }

    private static void closeQuietly(LockClient client) {
        try {
            client.close();
        } catch (Exception alreadyGone) {
            // a session that cannot close is dropped by the server at its timeout
        }
    }

    /** The paths of named locks: each is {@code lockPath/NAME}. */
    java.util.List<String> pathsOf(java.util.List<String> locks) {
        return locks.stream().map(name -> lockPath + "/" + name).toList();
    }

    void startScheduling() {
        gate.startScheduling(new Gate.Busy() {
            @Override
            public boolean hasActionRunning(String client) {
                return clients.get(client).hasActionRunning();
            }

            @Override
            public boolean isParked(String client) {
                return clients.get(client).isParkedForANotification();
            }

            @Override
            public boolean saysWhenItParks(String client) {
                return clients.get(client).saysWhenItParks();
            }

            @Override
            public boolean isWokenBy(String client, lockstep.algorithms.session.Delivery delivery) {
                return clients.get(client).wakesOnNotificationTo(delivery.watcher(), delivery.event().getPath());
            }
        });
    }

    private static String slug(String source) {
        String name = source.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1).replaceFirst("\\.ya?ml$", "").replaceFirst("^\\d+-", "");
        name = name.replaceAll("[^A-Za-z0-9_-]", "-");
        return name.isEmpty() ? "lock" : name;
    }

    @Override
    public void close() {
        gate.stopScheduling();
        if (!ownsServer) {
            try {
                cluster.startAgain(); // the next run on this server expects it serving
                if (cluster instanceof EmbeddedEnsemble ensemble) {
                    ensemble.leadWithTheHighest(); // and led as a fresh ensemble is, so its trace starts alike
                }
            } catch (Exception e) {
                throw new IllegalStateException("could not start the shared server again: " + e.getMessage(), e);
            }
        }
        if (closeLater == null) {
            windDown();
        } else {
            closeLater.execute(this::windDown);
        }
    }

    private void windDown() {
        // A ZooKeeper handle takes ~100 ms to close (its threads wind down): close them side by side.
        ExecutorService closer = Executors.newFixedThreadPool(Math.max(1, Math.min(32, clients.size())));
        for (RunClient client : clients.values()) {
            closer.execute(client::closeSession);
        }
        closer.shutdown();
        try {
            closer.awaitTermination(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        clients.values().forEach(RunClient::stopThread);
        look.close();
        network.close();
        if (!ownsServer) {
            return;
        }
        try {
            server.close();
        } catch (Exception e) {
            // its data directory goes with the JVM's temp files
        }
    }
}
