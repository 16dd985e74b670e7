package lockstep.simulator.run;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

import lockstep.algorithms.network.ReconnectPacing;
import lockstep.algorithms.server.Cluster;

/**
 * A look at the servers' own tree, from sessions of the run's that no client owns and no scheduler gates: for the
 * moments when the trace cannot know what the server did (a create whose reply was lost), and, on an ensemble, to
 * bring every server up to date after a write ({@link #syncAll()}). It only reads, but for making a scenario's lock
 * path before its first line ({@link #makeContainers}). Opened on first use.
 */
final class ServerLook implements AutoCloseable {

    private final Cluster cluster;
    private ZooKeeper zk;
    /** One session per server of an ensemble, each connected to that server alone. */
    private final Map<Integer, ZooKeeper> perServer = new TreeMap<>();

    ServerLook(Cluster cluster) {
        this.cluster = cluster;
    }

    /** The children of {@code path} now ({@code []} when it does not exist), as the leader has them. */
    List<String> children(String path) throws Exception {
        ZooKeeper session = session();
        if (cluster.size() > 1) {
            sync(session, path);
        }
        try {
            return session.getChildren(path, false);
        } catch (KeeperException.NoNodeException gone) {
            return List.of();
        }
    }

    /**
     * On an ensemble: waits until every running server has applied every write the leader committed so far (a
     * {@code sync} through a session on each server), so that whichever server a client reads from next, it reads
     * what a single server would answer. A client's read right after another client's write on another server could
     * otherwise miss it at random, and the run would not repeat. Does nothing on one server.
     */
    void syncAll(java.util.function.IntPredicate serving) throws Exception {
        if (cluster.size() <= 1) {
            return;
        }
        for (int server = 1; server <= cluster.size(); server++) {
            if (!serving.test(server)) {
                continue;
            }
            syncServer(server);
        }
    }

    /**
     * Syncs through the session on {@code server}. A session whose server was just down may still be reconnecting (a
     * call meanwhile fails with a connection loss, at the pace of its own reconnect attempts) or may have expired: it
     * is asked again, or replaced, until the stall timeout.
     */
    private void syncServer(int server) throws Exception {
        long deadline = System.nanoTime() + Gate.STALL_NANOS;
        while (true) {
            ZooKeeper session = perServer.get(server);
            if (session == null) {
                session = open(cluster.connectStringOf(server) + cluster.chroot());
                perServer.put(server, session);
            }
            try {
                sync(session, "/");
                return;
            } catch (KeeperException.SessionExpiredException expired) {
                perServer.remove(server).close();
            } catch (KeeperException.ConnectionLossException reconnecting) {
                if (System.nanoTime() > deadline) {
                    throw reconnecting;
                }
            }
        }
    }

    private static void sync(ZooKeeper session, String path) throws Exception {
        CompletableFuture<Integer> done = new CompletableFuture<>();
        session.sync(path, (rc, p, ctx) -> done.complete(rc), null);
        int rc = done.get(Gate.STALL_NANOS, TimeUnit.NANOSECONDS);
        if (rc != KeeperException.Code.OK.intValue() && rc != KeeperException.Code.NONODE.intValue()) {
            throw KeeperException.create(KeeperException.Code.get(rc), path);
        }
    }

    /**
     * Makes {@code path} and its parents as containers where they are missing (the one write this look makes: a
     * scenario's lock path made before its first line).
     */
    void makeContainers(String path) throws Exception {
        ZooKeeper session = session();
        StringBuilder at = new StringBuilder();
        for (String part : path.substring(1).split("/")) {
            at.append('/').append(part);
            try {
                session.create(at.toString(), new byte[0],
                        cluster.credentials().acl(org.apache.zookeeper.ZooDefs.Ids.OPEN_ACL_UNSAFE),
                        org.apache.zookeeper.CreateMode.CONTAINER);
            } catch (KeeperException.NodeExistsException madeBefore) {
                // a parent another run made: it stays (containers go only once empty, and not within a run)
            }
        }
    }

    private ZooKeeper session() throws Exception {
        if (zk == null) {
            zk = open(cluster.connectString());
            cluster.credentials().authenticate(zk);
        }
        return zk;
    }

    private static ZooKeeper open(String connectString) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper session = new ZooKeeper(connectString, 10_000, event -> {
            if (event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        ReconnectPacing.immediate(session);
        if (!connected.await(Gate.STALL_NANOS, TimeUnit.NANOSECONDS)) {
            session.close();
            throw new IllegalStateException("could not look at the server " + connectString);
        }
        return session;
    }

    @Override
    public void close() {
        try {
            if (zk != null) {
                zk.close();
            }
            for (ZooKeeper session : perServer.values()) {
                session.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
