package lockstep.simulator.run;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import lockstep.algorithms.Algorithms;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.server.Cluster;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.session.Connection;
import lockstep.simulator.fault.Clock;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.schedule.Scheduler;

/**
 * Everything one lockstep run stands on, opened together and closed together: the servers, each client's own network
 * link, the clients' sessions and threads, the gate and the conductor that schedule them, the trace, the fenced
 * resource, and what faults act through.
 */
final class RunWorld implements AutoCloseable {

    final Cluster cluster;
    private final EmbeddedZooKeeper server;
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
    final Connection connection;
    private final ServerLook look;
    /** Whether the server is this run's own (closed with it) or shared with other runs (left running). */
    private final boolean ownsServer;
    /** Where a run on a shared server hands its closing, so the next run need not wait for it; null: close now. */
    private final java.util.concurrent.Executor closeLater;

    private RunWorld(Scenario scenario, EmbeddedZooKeeper server, RunNetwork network, Scheduler scheduler,
                     boolean ownsServer, java.util.concurrent.Executor closeLater) {
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
        });
        this.lockPath = "/locks/" + slug(scenario.source());
        this.connection = Connection.to(cluster.connectString()).withListener(gate);
        this.faults = new RunFaultContext(this);
        this.states = new ClientStates(trace, gate, clients.values());
    }

    static RunWorld open(Scenario scenario, Algorithms.Info algorithm, Scheduler scheduler) throws Exception {
        EmbeddedZooKeeper server = EmbeddedZooKeeper.start();
        return open(scenario, algorithm, scheduler, server, true, null);
    }

    /**
     * A world on a server other runs share: the scenario's source must give it a lock path of its own, and closing
     * leaves the server running (started again if the run stopped it) and winds the sessions down on
     * {@code closeLater}.
     */
    static RunWorld onSharedServer(Scenario scenario, Algorithms.Info algorithm, Scheduler scheduler,
                                   EmbeddedZooKeeper server, java.util.concurrent.Executor closeLater)
            throws Exception {
        return open(scenario, algorithm, scheduler, server, false, closeLater);
    }

    private static RunWorld open(Scenario scenario, Algorithms.Info algorithm, Scheduler scheduler,
                                 EmbeddedZooKeeper server, boolean ownsServer,
                                 java.util.concurrent.Executor closeLater) throws Exception {
        RunWorld world;
        try {
            world = new RunWorld(scenario, server, RunNetwork.open(server), scheduler, ownsServer, closeLater);
        } catch (Exception | Error e) {
            if (ownsServer) {
                server.close();
            }
            throw e;
        }
        try {
            world.connect(scenario, algorithm);
        } catch (Exception | Error e) {
            world.close();
            throw e;
        }
        return world;
    }

    /** Sessions connect side by side (each takes a few ms); the clients keep the scenario's order. */
    private void connect(Scenario scenario, Algorithms.Info algorithm) throws Exception {
        Map<String, CompletableFuture<LockClient>> sessions = new LinkedHashMap<>();
        ExecutorService opener = Executors.newFixedThreadPool(Math.max(1, Math.min(16, scenario.clients().size())));
        try {
            for (String name : scenario.clients()) {
                Connection own = connection.withConnectString(network.connectStringFor(name));
                sessions.put(name, CompletableFuture.supplyAsync(() -> {
                    try {
                        return algorithm.connect(name, own);
                    } catch (Exception e) {
                        throw new CompletionException(e);
                    }
                }, opener));
            }
            for (Map.Entry<String, CompletableFuture<LockClient>> session : sessions.entrySet()) {
                try {
                    clients.put(session.getKey(), new RunClient(session.getKey(), session.getValue().join(),
                            lockPath));
                } catch (CompletionException e) {
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
        } finally {
            opener.shutdown();
        }
    }

    void startScheduling() {
        gate.startScheduling(new Gate.Busy() {
            @Override
            public boolean hasActionRunning(String client) {
                return clients.get(client).hasActionRunning();
            }

            @Override
            public boolean isParked(String client) {
                RunClient c = clients.get(client);
                return c.session.isWaitingForNotification(c.worker.thread());
            }

            @Override
            public boolean isWokenBy(String client, lockstep.algorithms.session.Delivery delivery) {
                return clients.get(client).session.notificationWakesItsHandle(delivery.watcher());
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
                server.startAgain(); // the next run on this server expects it serving
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
            client.worker.interrupt();
            closer.execute(client.session::close);
        }
        closer.shutdown();
        try {
            closer.awaitTermination(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        clients.values().forEach(client -> client.worker.close());
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
