package lockstep.simulator.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * The hand-off floor: the least any ZooKeeper queue lock can do to pass the lock on, measured on the same server and
 * sessions as the locks. A chain of sessions, each owning pre-created nodes and watching the node before its own with
 * getData; on the notification a session lists the children of a lock node with one child per session (the
 * re-check every correct lock makes) and deletes its own node, which wakes the next. One delete, one notification and
 * one getChildren per hand-off, nothing else.
 *
 * <p>Steps of a slice: every session creates its nodes of the chain (node j belongs to session j mod n) and sets its
 * watches, side by side and untimed; then the clock starts, the owner of node 0 is woken, and the clock stops when the
 * last node is deleted. As in a lock, the notification arrives on the session's event thread and the work is done by
 * the session's own waiting thread.
 */
final class HandoffFloor implements AutoCloseable {

    private static final int STOP = -1;

    private final List<ZooKeeper> sessions;
    private final List<BlockingQueue<Integer>> inboxes = new ArrayList<>();
    private final List<Thread> waiters = new ArrayList<>();
    private final String roster;
    private volatile Chain chain;
    private volatile Exception failure;

    /** One slice's chain of nodes. */
    private record Chain(String parent, int length, CountDownLatch done) {
        String node(int j) {
            String digits = Integer.toString(j);
            return parent + "/h" + "00000000".substring(Math.min(8, digits.length())) + digits;
        }
    }

    /** The ACL the floor's nodes get: open, or creator-all on an external ZooKeeper with an identity. */
    private final java.util.List<org.apache.zookeeper.data.ACL> acl;

    private HandoffFloor(List<ZooKeeper> sessions, String roster, java.util.List<org.apache.zookeeper.data.ACL> acl) {
        this.acl = acl;
        this.sessions = sessions;
        this.roster = roster;
        for (int i = 0; i < sessions.size(); i++) {
            BlockingQueue<Integer> inbox = new LinkedBlockingQueue<>();
            inboxes.add(inbox);
            ZooKeeper zk = sessions.get(i);
            Thread waiter = new Thread(() -> serve(zk, inbox), "floor-" + i);
            waiter.setDaemon(true);
            waiters.add(waiter);
            waiter.start();
        }
    }

    /** Opens {@code count} sessions (at least two: a hand-off needs somebody to hand to) and a roster node. */
    static HandoffFloor open(int count, String connectString, String root) throws Exception {
        return open(count, connectString, root, lockstep.algorithms.session.Credentials.NONE);
    }

    /** {@link #open(int, String, String)} with sessions that authenticate with {@code identity}. */
    static HandoffFloor open(int count, String connectString, String root,
                             lockstep.algorithms.session.Credentials identity) throws Exception {
        int n = Math.max(2, count);
        List<ZooKeeper> sessions = Parallel.map(n, i -> {
            ZooKeeper zk = connect(connectString);
            identity.authenticate(zk);
            return zk;
        });
        java.util.List<org.apache.zookeeper.data.ACL> acl = identity.acl(ZooDefs.Ids.OPEN_ACL_UNSAFE);
        ZooKeeper first = sessions.get(0);
        makePath(first, root, acl);
        String roster = root + "/roster";
        makePath(first, roster, acl);
        for (int i = 0; i < n; i++) {
            first.create(roster + "/r" + i, new byte[0], acl, CreateMode.PERSISTENT);
        }
        return new HandoffFloor(sessions, roster, acl);
    }

    int size() {
        return sessions.size();
    }

    /**
     * Builds a chain of {@code handoffs + 1} nodes under {@code parent}, then times the hand-offs along it.
     *
     * @return hand-offs per second
     */
    double run(String parent, int handoffs) throws Exception {
        int n = sessions.size();
        Chain c = new Chain(parent, handoffs + 1, new CountDownLatch(1));
        makePath(sessions.get(0), parent, acl);
        // Untimed: each session creates its own nodes, then watches the node before each of them.
        Parallel.map(n, i -> {
            ZooKeeper zk = sessions.get(i);
            for (int j = i; j < c.length(); j += n) {
                zk.create(c.node(j), new byte[0], acl, CreateMode.EPHEMERAL);
            }
            return null;
        });
        Parallel.map(n, i -> {
            ZooKeeper zk = sessions.get(i);
            BlockingQueue<Integer> inbox = inboxes.get(i);
            for (int j = i; j < c.length(); j += n) {
                if (j == 0) {
                    continue;
                }
                int mine = j;
                Watcher wake = event -> {
                    if (event.getType() == Watcher.Event.EventType.NodeDeleted) {
                        inbox.add(mine);
                    }
                };
                zk.getData(c.node(j - 1), wake, null);
            }
            return null;
        });
        chain = c;
        long start = System.nanoTime();
        inboxes.get(0).add(0);
        if (!c.done().await(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the hand-off chain did not finish");
        }
        long elapsed = System.nanoTime() - start;
        if (failure != null) {
            throw new IllegalStateException("the hand-off floor failed: " + failure.getMessage(), failure);
        }
        sessions.get(0).delete(parent, -1);
        return handoffs / (elapsed / 1e9);
    }

    /** A session's waiting thread: on each wake-up, the re-check and the delete that wakes the next. */
    private void serve(ZooKeeper zk, BlockingQueue<Integer> inbox) {
        try {
            while (true) {
                int j = inbox.take();
                if (j == STOP) {
                    return;
                }
                Chain c = chain;
                zk.getChildren(roster, false);
                zk.delete(c.node(j), -1);
                if (j == c.length() - 1) {
                    c.done().countDown();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (KeeperException e) {
            // Said to the timing thread at once rather than left for its timeout.
            failure = e;
            Chain c = chain;
            if (c != null) {
                c.done().countDown();
            }
        }
    }

    private static ZooKeeper connect(String connectString) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connectString, 10_000, event -> {
            if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        if (!connected.await(10, TimeUnit.SECONDS)) {
            zk.close();
            throw new IllegalStateException("the hand-off floor could not connect to " + connectString);
        }
        return zk;
    }

    private static void makePath(ZooKeeper zk, String path, java.util.List<org.apache.zookeeper.data.ACL> acl)
            throws Exception {
        StringBuilder at = new StringBuilder();
        for (String part : path.substring(1).split("/")) {
            at.append('/').append(part);
            try {
                zk.create(at.toString(), new byte[0], acl, CreateMode.PERSISTENT);
            } catch (KeeperException.NodeExistsException exists) {
                // made already
            }
        }
    }

    @Override
    public void close() {
        for (BlockingQueue<Integer> inbox : inboxes) {
            inbox.add(STOP);
        }
        Parallel.forEach(sessions, zk -> {
            try {
                zk.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
