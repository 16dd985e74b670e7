package lockstep.simulator.run;

import lockstep.algorithms.server.Cluster;
import lockstep.simulator.fault.Network;

/**
 * The clients' network in a lockstep run: the connect string each client uses, and the {@link Network} faults act on.
 */
final class RunNetwork implements Network, AutoCloseable {

    private final Cluster cluster;

    private RunNetwork(Cluster cluster) {
        this.cluster = cluster;
    }

    static RunNetwork open(Cluster cluster) {
        return new RunNetwork(cluster);
    }

    String connectStringFor(String client) {
        return cluster.connectString();
    }

    @Override
    public void cut(String client) {
        throw new UnsupportedOperationException("the network cannot cut a client yet");
    }

    @Override
    public void restore(String client) {
        throw new UnsupportedOperationException("the network cannot restore a client yet");
    }

    @Override
    public void loseNextCreateReply(String client) {
        throw new UnsupportedOperationException("the network cannot lose a reply yet");
    }

    @Override
    public void close() {
        // nothing to close yet
    }
}
