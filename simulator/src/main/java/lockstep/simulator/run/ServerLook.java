package lockstep.simulator.run;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

import lockstep.algorithms.server.Cluster;

/**
 * A look at the server's own tree, from a session of the run's that no client owns and no scheduler gates: for the
 * moments when the trace cannot know what the server did (a create whose reply was lost). It only reads. Opened on
 * first use.
 */
final class ServerLook implements AutoCloseable {

    private final Cluster cluster;
    private ZooKeeper zk;

    ServerLook(Cluster cluster) {
        this.cluster = cluster;
    }

    /** The children of {@code path} now ({@code []} when it does not exist). */
    List<String> children(String path) throws Exception {
        try {
            return session().getChildren(path, false);
        } catch (KeeperException.NoNodeException gone) {
            return List.of();
        }
    }

    private ZooKeeper session() throws Exception {
        if (zk == null) {
            CountDownLatch connected = new CountDownLatch(1);
            zk = new ZooKeeper(cluster.connectString(), 10_000, event -> {
                if (event.getState() == KeeperState.SyncConnected) {
                    connected.countDown();
                }
            });
            if (!connected.await(Gate.STALL_NANOS, TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException("could not look at the server " + cluster.connectString());
            }
        }
        return zk;
    }

    @Override
    public void close() {
        if (zk != null) {
            try {
                zk.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
