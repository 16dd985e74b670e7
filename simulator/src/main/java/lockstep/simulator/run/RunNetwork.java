package lockstep.simulator.run;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import lockstep.algorithms.network.ClientLink;
import lockstep.algorithms.network.LoopbackNetwork;
import lockstep.algorithms.network.LostReply;
import lockstep.algorithms.server.Cluster;
import lockstep.simulator.fault.Network;

/**
 * The clients' network in a lockstep run: every client connects through a loopback TCP proxy of its own
 * ({@link LoopbackNetwork}, one selector thread for all), so faults cut a client off, or drop one reply, for real.
 */
final class RunNetwork implements Network, AutoCloseable {

    private final LoopbackNetwork network;
    private final Cluster cluster;
    private final java.util.Map<String, CompletableFuture<LostReply>> lostReplies = new java.util.HashMap<>();

    private RunNetwork(LoopbackNetwork network, Cluster cluster) {
        this.network = network;
        this.cluster = cluster;
    }

    static RunNetwork open(Cluster cluster) throws IOException {
        return new RunNetwork(LoopbackNetwork.start(), cluster);
    }

    /** The address a client connects to: its own link to server {@code server} (1..N; 1 for a single server). */
    String connectStringFor(String client, int server) {
        String target = cluster.connectStringOf(server);
        return (cluster.isControlled() ? network.link(client, target) : network.linkToExternal(client, target))
                .connectString();
    }

    /** {@code client}'s next connection goes to {@code server}; with {@code now}, its present one breaks at once. */
    void retarget(String client, int server, boolean now) {
        ClientLink link = link(client);
        if (cluster.isControlled()) {
            link.retarget(cluster.connectStringOf(server));
        } else {
            link.retargetToExternal(cluster.connectStringOf(server));
        }
        if (now && !link.isCut()) {
            link.cut();
            link.restore();
        }
    }

    /**
     * Completes once the server has ended {@code client}'s connections before answering anything, again and again
     * ({@link ClientLink#serverEndsConnectionsUnanswered}).
     */
    CompletableFuture<Void> serverRefuses(String client) {
        return link(client).serverEndsConnectionsUnanswered();
    }

    private ClientLink link(String client) {
        return network.linkOf(client).orElseThrow(() -> new IllegalStateException(client + " has no link"));
    }

    @Override
    public void cut(String client) {
        link(client).cut();
    }

    @Override
    public boolean isCut(String client) {
        return link(client).isCut();
    }

    @Override
    public void restore(String client) {
        link(client).restore();
    }

    @Override
    public void loseNextCreateReply(String client) {
        lostReplies.put(client, link(client).loseNextCreateReply());
    }

    /** True when {@code client}'s armed lost reply has happened: its create was applied and its reply dropped. */
    boolean replyWasLost(String client) {
        CompletableFuture<LostReply> lost = lostReplies.get(client);
        if (lost == null) {
            return false;
        }
        try {
            lost.get(Gate.STALL_NANOS, TimeUnit.NANOSECONDS);
            lostReplies.remove(client);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** Whether a lost reply is armed for {@code client}. */
    boolean isArmed(String client) {
        return lostReplies.containsKey(client);
    }

    @Override
    public void close() {
        network.close();
    }
}
