import java.util.Comparator;
import java.util.List;
import java.util.UUID;
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
 * A mutex on the plain ZooKeeper client, the fixed version of {@code AssumeOnWakeLock}: create an ephemeral
 * sequential node; then, again and again, list the children: ours first means we hold the lock; otherwise watch the
 * node just before ours and wait until it goes, and look again. A wake-up only means "look again", never "my turn".
 * The watch is set with getData, which fails on a node that is gone and leaves no watch (exists would leave one).
 * Our node's name starts with a tag of our own ({@code _c_<UUID>-}, as Curator's protection does): when the reply to
 * the create is lost, we look for the tag among the children instead of leaving an orphan node in the queue. Children
 * are ordered by their sequence number alone, never by the whole name (the tags would decide the order).
 * Fair (served in request order), one wake-up per release, not reentrant.
 */
public class PredecessorLock implements InterProcessLock {

    private final ZooKeeper zk;
    private final String lockPath;
    private volatile String ourNode;
    private volatile boolean held;

    /** The sequence number ZooKeeper appends: the last ten digits of a node's name. */
    private static final Comparator<String> BY_SEQUENCE = Comparator.comparing(n -> n.substring(n.length() - 10));

    public PredecessorLock(ZooKeeper zk, String lockPath) {
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
        ourNode = createOurNode("_c_" + UUID.randomUUID() + "-");
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

    /** Creates our node; after a lost reply, finds it by its tag if the server made it, else creates it again. */
    private String createOurNode(String tag) throws Exception {
        while (true) {
            try {
                return zk.create(lockPath + "/" + tag + "lock-", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        CreateMode.EPHEMERAL_SEQUENTIAL);
            } catch (KeeperException.ConnectionLossException lost) {
                for (String child : zk.getChildren(lockPath, false)) {
                    if (child.startsWith(tag)) {
                        return lockPath + "/" + child;
                    }
                }
            }
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
