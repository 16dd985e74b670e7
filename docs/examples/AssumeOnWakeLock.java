import java.util.Collections;
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
 * The ZooKeeperLock of a well-known blog post, on the plain ZooKeeper client: create an ephemeral sequential node,
 * list the children, and if ours is not the first, watch the node just before it and wait.
 *
 * <p>The bug: when the watch fires, it takes the lock without listing the children again. A deleted predecessor
 * means "my turn" only when the predecessor held the lock; when a waiter in the middle gives up, the one behind it
 * wakes up and holds the lock beside the real holder.
 */
public class AssumeOnWakeLock implements InterProcessLock, Watcher {

    private final ZooKeeper zk;
    private final String lockPath;
    private volatile String ourNode;
    private volatile boolean held;
    private volatile CountDownLatch wakeUp;

    public AssumeOnWakeLock(ZooKeeper zk, String lockPath) {
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
        ourNode = zk.create(lockPath + "/lock-", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.EPHEMERAL_SEQUENTIAL);
        List<String> children = zk.getChildren(lockPath, false);
        Collections.sort(children);
        int ours = children.indexOf(ourNode.substring(lockPath.length() + 1));
        if (ours == 0) {
            held = true;
            return true;
        }
        CountDownLatch latch = new CountDownLatch(1);
        wakeUp = latch;
        if (zk.exists(lockPath + "/" + children.get(ours - 1), this) == null) {
            held = true; // gone already: our turn
            return true;
        }
        try {
            boolean woken = time < 0 ? awaitForever(latch) : latch.await(time, unit);
            if (!woken) {
                giveUp();
                return false;
            }
        } catch (InterruptedException e) {
            giveUp();
            throw e;
        }
        held = true; // BUG: woken means "my turn"; the children are not looked at again
        return true;
    }

    private static boolean awaitForever(CountDownLatch latch) throws InterruptedException {
        latch.await();
        return true;
    }

    private void giveUp() throws Exception {
        zk.delete(ourNode, -1);
        ourNode = null;
    }

    @Override
    public void process(WatchedEvent event) {
        CountDownLatch latch = wakeUp;
        if (latch != null && event.getType() == Event.EventType.NodeDeleted) {
            latch.countDown();
        }
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
