import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * A read/write lock as a well-known article on ZooKeeper locks writes it (its {@code ZKLockRW}): each request creates
 * an ephemeral sequential node ({@code read-} or {@code write-}) and lists the children once. A reader waits for the
 * nearest write node before its own, a writer for the node just before its own; when that node goes, it walks on
 * along the list it read at the start, to the next node it must wait for, and asks whether THAT node is first now:
 * if so, it takes the lock. The article watches each node with Curator's {@code NodeCache}, which works in the
 * background with asynchronous calls that Lockstep cannot schedule; here the same watch is a {@code getData} with a
 * watcher, and nothing else changes.
 *
 * <p>The bug: the list is stale (it is never read again), and "that node is first" is taken to mean "I am next". A
 * writer queued behind two readers that both hold takes the lock when the nearer reader releases: the farther one is
 * first, and still holds it.
 */
public class StaleChildrenReadWriteLock {

    private final ZooKeeper zk;
    private final String lockPath;

    /** The sequence number ZooKeeper appends: the last ten digits of a node's name. */
    private static final Comparator<String> BY_SEQUENCE = Comparator.comparing(n -> n.substring(n.length() - 10));

    public StaleChildrenReadWriteLock(ZooKeeper zk, String lockPath) {
        this.zk = zk;
        this.lockPath = lockPath;
    }

    public InterProcessLock readLock() {
        return new Side(true);
    }

    public InterProcessLock writeLock() {
        return new Side(false);
    }

    /** One side of the lock: a reader waits for writes only, a writer for every node before its own. */
    private final class Side implements InterProcessLock {

        private final boolean read;
        private volatile String ourNode;
        private volatile boolean held;

        Side(boolean read) {
            this.read = read;
        }

        @Override
        public void acquire() throws Exception {
            acquire(-1, TimeUnit.MILLISECONDS);
        }

        @Override
        public boolean acquire(long time, TimeUnit unit) throws Exception {
            makeParents();
            ourNode = createOurNode("_c_" + UUID.randomUUID() + "-" + (read ? "read-" : "write-"));
            try {
                List<String> children = sortedChildren(); // read once: the list every later step walks along
                String waitFor = before(children, ourNode.substring(lockPath.length() + 1));
                while (waitFor != null) {
                    if (time >= 0) { // a try-acquire (Lockstep asks with 0): the lock is taken
                        giveUp();
                        return false;
                    }
                    awaitGone(waitFor);
                    String next = before(children, waitFor); // BUG: the stale list, never read again
                    if (next == null) {
                        break;
                    }
                    if (sortedChildren().get(0).equals(next)) {
                        break; // BUG: "that node is first" read as "my turn"; it may hold the lock right now
                    }
                    waitFor = next;
                }
                held = true;
                return true;
            } catch (InterruptedException e) {
                giveUp();
                throw e;
            }
        }

        /** The node before {@code node} in {@code children} that this side waits for: a write for a reader. */
        private String before(List<String> children, String node) {
            for (int i = children.indexOf(node) - 1; i >= 0; i--) {
                if (!read || children.get(i).contains("-write-")) {
                    return children.get(i);
                }
            }
            return null;
        }

        /** Waits until {@code node} is deleted (at once when it is gone already). */
        private void awaitGone(String node) throws Exception {
            CountDownLatch gone = new CountDownLatch(1);
            try {
                zk.getData(lockPath + "/" + node, event -> gone.countDown(), null);
            } catch (KeeperException.NoNodeException goneAlready) {
                return;
            }
            gone.await();
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
    }

    private List<String> sortedChildren() throws Exception {
        List<String> children = new ArrayList<>(zk.getChildren(lockPath, false));
        children.sort(BY_SEQUENCE);
        return children;
    }

    /** Creates our node; after a lost reply, finds it by its tag if the server made it, else creates it again. */
    private String createOurNode(String tag) throws Exception {
        while (true) {
            try {
                return zk.create(lockPath + "/" + tag, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
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
