import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * {@code PredecessorLock} without its care for a lost reply: it looks again after every wake-up, but when the reply to
 * its create is lost (the connection drops after the server made the node), the create throws, and the node it never
 * heard of stays in the queue: every later request waits behind it for ever (a stuck waiter). {@code PredecessorLock}
 * tags each node with a unique prefix, as Curator does, and after a lost reply looks for its tag among the children.
 */
public class ForgetsItsNodeLock implements InterProcessLock {

    private final ZooKeeper zk;
    private final String lockPath;
    private volatile String ourNode;
    private volatile boolean held;

    /** The sequence number ZooKeeper appends: the last ten digits of a node's name. */
    private static final Comparator<String> BY_SEQUENCE = Comparator.comparing(n -> n.substring(n.length() - 10));

    public ForgetsItsNodeLock(ZooKeeper zk, String lockPath) {
        this.zk = zk;
        this.lockPath = lockPath;
    }

    @Override
    public void acquire() throws Exception {
        acquire(-1, TimeUnit.MILLISECONDS);
    }

    /** Waits at most {@code time} (for ever when negative); on timeout or interrupt, our node goes. */
    @Override
    public boolean acquire(long time, TimeUnit unit) throws Exception {
        makeParents();
        // BUG: when the reply is lost, the create throws and the node the server made is nobody's
        ourNode = zk.create(lockPath + "/lock-", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.EPHEMERAL_SEQUENTIAL);
        String ours = ourNode.substring(lockPath.length() + 1);
        try {
            while (true) {
                List<String> children = zk.getChildren(lockPath, false);
                children.sort(BY_SEQUENCE);
                int index = children.indexOf(ours);
                if (index == 0) {
                    held = true;
                    return true;
                }
                CountDownLatch gone = new CountDownLatch(1);
                Watcher watcher = (WatchedEvent event) -> gone.countDown();
                try {
                    // getData, not exists: on a node that is gone already, exists would leave a watch behind.
                    zk.getData(lockPath + "/" + children.get(index - 1), watcher, null);
                } catch (KeeperException.NoNodeException goneAlready) {
                    continue; // gone between the list and the watch: look again
                }
                if (time < 0) {
                    gone.await();
                } else if (!gone.await(time, unit)) {
                    giveUp();
                    return false;
                }
            }
        } catch (InterruptedException e) {
            giveUp();
            throw e;
        }
    }

    private void giveUp() throws Exception {
        zk.delete(ourNode, -1);
        ourNode = null;
    }

    @Override
    public void release() throws Exception {
        if (!held) {
            throw new IllegalMonitorStateException("not held");
        }
        held = false;
        zk.delete(ourNode, -1);
        ourNode = null;
    }

    @Override
    public boolean isAcquiredInThisProcess() {
        return held;
    }

    /** The lock's path may not exist yet: make it, and its parents, as persistent nodes. */
    private void makeParents() throws Exception {
        if (zk.exists(lockPath, false) != null) {
            return;
        }
        StringBuilder path = new StringBuilder();
        for (String part : lockPath.substring(1).split("/")) {
            path.append('/').append(part);
            try {
                zk.create(path.toString(), new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            } catch (KeeperException.NodeExistsException alreadyThere) {
                // made by us before, or by another client: fine
            }
        }
    }
}
