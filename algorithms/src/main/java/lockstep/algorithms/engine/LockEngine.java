package lockstep.algorithms.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.Stat;

import lockstep.algorithms.Decision;
import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.NameTag;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.NodeWatch;
import lockstep.algorithms.RequestNode;
import lockstep.algorithms.session.Delivery;
import lockstep.algorithms.session.Wakeup;

/**
 * The one engine behind Lockstep's own algorithms: it does every ZooKeeper call, wait and retry, and asks the
 * algorithm only what to do with the children it sees (the split of Curator's LockInternals and its drivers).
 *
 * <p>One loop for every algorithm: { make our request node if we have none (the algorithm's {@link RequestNode} says
 * how); look (the children, or a fixed node with exists() and a watch); ask the decision; hold, ask again, or watch
 * what it names and wait }. Every call goes through the client's {@link lockstep.algorithms.session.ZooKeeperSeam}.
 *
 * <p>Recovery. A create whose reply is lost (connection loss) may still have made our node: each request names its
 * node with a unique tag ({@code _c_<uuid>-}, as Curator's protection does) and, after a connection loss, looks for a
 * child with that tag before creating again, so no node is orphaned. For the naive lock, the node's ephemeral owner
 * (seen by the exists() look) tells whether our session made it, and its data, which names the handle that made it
 * ({@code c1#3}: the client and the handle), whether this handle did: another handle of the same client may hold it.
 * Every node we make carries that name. Other calls are retried once the connection is back. When the session is gone
 * (expired, closed) the acquire fails with an {@link IllegalStateException} that says so.
 *
 * <p>A new session. A client whose algorithm says so ({@link lockstep.algorithms.AfterExpiry}) opens a new session
 * after an expiry: the handle hears of it first ({@link #sessionExpired}): the lock it held is lost and its node, which
 * died with the old session, is forgotten, so a waiting or later request makes a new node in the new session. The
 * algorithm may keep the node's path instead: then the next request goes by a node that is no longer its own.
 *
 * <p>Giving up (timeout, or the waiting thread is interrupted) deletes our node and takes back our watcher with
 * {@code removeWatches} for that one watcher. The client library forgets it; the server keeps its watch until it fires
 * (ZooKeeper sends {@code checkWatches} for one watcher, which removes nothing on the server), and that notification
 * then reaches a client that drops it. {@code removeAllWatches} would clear the server's watch, but also the watchers
 * of this client's other handles on the same path.
 *
 * <p>Parents: the lock node and every parent it makes are containers, so the server removes them once they are empty,
 * as Curator's creatingParentContainersIfNeeded does.
 *
 * <p>One request at a time: asking again while holding is an error here; {@link lockstep.algorithms.ReentrantHandle}
 * makes a handle reentrant on top. A read request does not wait for a write node the same thread holds through this
 * client's write handle: the first step of a downgrade.
 */
public final class LockEngine implements DistributedLock {

    /** How many times a call is retried after a connection loss before the acquire fails. */
    private static final int MAX_RETRIES = 10;

    private final ZkLockClient client;
    private final String lockPath;
    private final LockMode mode;
    private final LockAlgorithm algorithm;
    private final Wakeup wakeup = new Wakeup();
    private final Watcher watcher = this::onNotification;

    /** Who makes our nodes: the client and this handle ({@code c1#3}), written as each node's data. */
    private final String owner;
    private volatile String ourPath;
    private volatile boolean held;
    private volatile String watchedPath;
    /** Set when the client opened a new session: the next look waits until it is connected. */
    private volatile boolean renewed;

    LockEngine(ZkLockClient client, String lockPath, LockMode mode, LockAlgorithm algorithm) {
        this.client = client;
        this.lockPath = lockPath;
        this.mode = mode;
        this.algorithm = algorithm;
        this.owner = client.name() + "#" + client.nextHandleNumber();
    }

    /** True when {@code candidate} is this handle's watcher. */
    boolean listensWith(Watcher candidate) {
        return watcher == candidate;
    }

    /** The path of the node this handle holds or waits with, or null. */
    String ourNode() {
        return ourPath;
    }

    @Override
    public String client() {
        return client.name();
    }

    @Override
    public String lockPath() {
        return lockPath;
    }

    @Override
    public LockMode mode() {
        return mode;
    }

    @Override
    public boolean isHeld() {
        return held;
    }

    boolean isWaitingForNotification() {
        return wakeup.isWaiting();
    }

    private void onNotification(WatchedEvent event) {
        // A lost connection does not cost us the watch (ZooKeeper sets it again on reconnect), so only node events and
        // the end of the session wake the waiter. Nor does the removal of a watch we took back ourselves (a give-up):
        // its event comes on the event thread whenever it comes, and arriving after this handle asked again, it rang
        // the new try's doorbell, which then looked again for nothing (a run and its rerun apart, once under load).
        if (Delivery.isWatchRemoval(event.getType())) {
            return;
        }
        if (event.getType() != EventType.None || client.isDead()) {
            wakeup.ring();
        }
    }


    void sessionEnded() {
        wakeup.ring();
    }

    /**
     * The session expired and the client goes on in a new one: the lock is lost (its node died with the session).
     * {@code trustOldNode}: keep the node's path as our own all the same (the bug of bug-trust-after-expiry).
     */
    void sessionExpired(boolean trustOldNode) {
        held = false;
        if (!trustOldNode) {
            ourPath = null;
        }
        renewed = true;
        wakeup.ring();
    }

    /** Thrown by a call that met the old session's expiry while the client was opening a new one: look again. */
    private static final class SessionRenewed extends RuntimeException {
        SessionRenewed() {
            super(null, null, false, false);
        }
    }

    @Override
    public void acquire() throws Exception {
        acquireUntil(Long.MAX_VALUE);
    }

    @Override
    public boolean acquire(Duration timeout) throws Exception {
        return acquireUntil(DistributedLock.deadlineAfter(timeout));
    }

    private boolean acquireUntil(long deadline) throws Exception {
        if (held) {
            throw new IllegalStateException(client.name() + " already holds " + lockPath
                    + ": this lock is not reentrant");
        }
        ensureSessionAlive();
        boolean got = false;
        try {
            got = acquireLoop(deadline);
            return got;
        } finally {
            // A timeout, an interrupt, an error: whatever ended the wait, leave nothing behind.
            if (got) {
                held = true;
            } else {
                giveUp();
            }
        }
    }

    // ---- the one acquire loop -------------------------------------------------------------------------------------

    private boolean acquireLoop(long deadline) throws Exception {
        RequestNode request = algorithm.requestNode();
        String tag = tag(request.tag());
        while (true) {
            ensureSessionAlive();
            if (renewed) {
                renewed = false;
                awaitConnection(deadline, new KeeperException.ConnectionLossException());
            }
            long armed;
            Sight sight;
            try {
                if (ourPath == null) {
                    ourPath = request(request, tag, deadline);
                }
                armed = wakeup.arm();
                sight = look(request, deadline);
            } catch (SessionRenewed renewal) {
                continue; // the old session expired under this call: go on in the new one
            }
            Decision decision = algorithm.decide(sight.children(), sight.ours());
            if (decision instanceof Decision.Holds) {
                return true;
            }
            if (decision instanceof Decision.RequestAgain) {
                continue; // released between our create and our look: ask again at once
            }
            if (System.nanoTime() >= deadline) {
                return false; // out of time: no point in setting a watch
            }
            String node = decision instanceof Decision.WatchNode watch ? watch.node()
                    : decision instanceof Decision.WatchNodeThenHold watch ? watch.node() : null;
            if (node != null) {
                String watched = lockPath + "/" + node;
                if (!sight.watched(watched) && !watchNode(watched, deadline)) {
                    continue; // the node we would wait for is gone already: look again
                }
                if (!waitForNotification(watched, armed, deadline)) {
                    return false;
                }
                if (decision instanceof Decision.WatchNodeThenHold) {
                    return true; // the decision takes the notification to mean "my turn", without looking again
                }
            } else if (!waitForNotification(lockPath, armed, deadline)) {
                return false;
            }
        }
    }

    /**
     * Sets the watch on {@code path} as the algorithm's {@link NodeWatch} says; false when the node is gone and no
     * watch was left (look again).
     */
    private boolean watchNode(String path, long deadline) throws Exception {
        if (algorithm.nodeWatch() == NodeWatch.EXISTS_THEN_WAIT) {
            // exists leaves a watch even on a missing node (for its creation); this recipe waits whatever it returned.
            retrying(deadline, () -> client.zk().exists(path, watcher));
            return true;
        }
        try {
            // getData, not exists: on a node that is already gone it fails and leaves no watch behind.
            retrying(deadline, () -> client.zk().getData(path, watcher, null));
            return true;
        } catch (KeeperException.NoNodeException gone) {
            return false;
        }
    }

    /** The unique part our node's name begins with, for {@code tag}. */
    private String tag(NameTag tag) {
        return switch (tag) {
            // Curator draws its tag with UUID.randomUUID(), from SecureRandom: a uniqueness tag needs no secret, and
            // a 128-bit draw from a thread's own generator is as unique among one lock's children, at a fraction of
            // the cost.
            case UNIQUE -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                yield "_c_" + new UUID(random.nextLong(), random.nextLong()) + "-";
            }
            case CLIENT -> "_c_" + client.name() + "-";
            case NONE -> "";
        };
    }

    /**
     * What one look at the lock showed: the children in the algorithm's order, our node among them (or null), and the
     * path the look itself set a watch on (null when it set none on a single node).
     */
    private record Sight(List<NodeName> children, NodeName ours, String watchedByLook) {

        boolean watched(String path) {
            return path.equals(watchedByLook);
        }
    }

    /**
     * Makes the node of our request; returns its path, or null when a fixed node could not be made (somebody holds
     * it, or our create's reply was lost: the look tells which).
     */
    private String request(RequestNode request, String tag, long deadline) throws Exception {
        if (!request.sequential()) {
            String node = lockPath + "/" + algorithm.nodePrefix(mode);
            try {
                return createMakingParents(node, createMode(request));
            } catch (KeeperException.NodeExistsException taken) {
                return null; // somebody holds it; or our own create reached the server and only its reply was lost
            } catch (KeeperException.ConnectionLossException lost) {
                awaitConnection(deadline, lost);
                return null;
            }
        }
        return createOurNode(request, tag, deadline);
    }

    /**
     * Looks at the lock. A fixed node: no call when our create just made it; otherwise exists() with a watch, which
     * tells whether it is there, whether its owner is our session, and watches it in one call. A queue: the children,
     * with a watch when the algorithm wants every change.
     */
    private Sight look(RequestNode request, long deadline) throws Exception {
        if (!request.sequential()) {
            String node = lockPath + "/" + algorithm.nodePrefix(mode);
            NodeName fixed = NodeName.fixed(algorithm.nodePrefix(mode));
            if (ourPath != null) {
                return new Sight(List.of(fixed), fixed, null);
            }
            // Out of time already (a try-acquire): one look without a watch, so a refusal leaves none behind.
            boolean mayWait = System.nanoTime() < deadline;
            Stat stat = retrying(deadline, () -> mayWait ? client.zk().exists(node, watcher)
                    : client.zk().exists(node, false));
            if (stat == null) {
                return new Sight(List.of(), null, null);
            }
            String watchedByLook = mayWait ? node : null;
            if (stat.getEphemeralOwner() == client.sessionId() && madeByThisHandle(node, deadline)) {
                ourPath = node; // our create made it; only its reply was lost
                return new Sight(List.of(fixed), fixed, watchedByLook);
            }
            return new Sight(List.of(fixed), null, watchedByLook);
        }
        boolean watchChildren = algorithm.watchesChildren() && System.nanoTime() < deadline;
        List<String> names = retrying(deadline, () -> watchChildren
                ? client.zk().getChildren(lockPath, watcher)
                : client.zk().getChildren(lockPath, false));
        NodeName ours = NodeName.parse(ourPath.substring(lockPath.length() + 1));
        if (mode == LockMode.READ) {
            // A downgrade: the write lock this thread holds through a sibling handle does not block its read.
            names = new ArrayList<>(names);
            names.removeAll(client.writeNodesHeldOnThisThread(lockPath));
        }
        return new Sight(algorithm.order(sequential(names)), ours, null);
    }

    /**
     * Whether this handle made the fixed node our session owns: the session is not enough, another handle of this
     * client may hold it (the node's data names the handle).
     */
    private boolean madeByThisHandle(String node, long deadline) throws Exception {
        try {
            byte[] data = retrying(deadline, () -> client.zk().getData(node, false, null));
            return owner.equals(new String(data, StandardCharsets.UTF_8));
        } catch (KeeperException.NoNodeException gone) {
            return false;
        }
    }

    private static CreateMode createMode(RequestNode request) {
        if (request.sequential()) {
            return request.ephemeral() ? CreateMode.EPHEMERAL_SEQUENTIAL : CreateMode.PERSISTENT_SEQUENTIAL;
        }
        return request.ephemeral() ? CreateMode.EPHEMERAL : CreateMode.PERSISTENT;
    }

    private String createOurNode(RequestNode request, String tag, long deadline) throws Exception {
        String prefix = lockPath + "/" + tag + algorithm.nodePrefix(mode);
        for (int attempt = 0; ; attempt++) {
            try {
                return createMakingParents(prefix, createMode(request));
            } catch (KeeperException.ConnectionLossException lost) {
                if (attempt >= MAX_RETRIES) {
                    throw lost;
                }
                awaitConnection(deadline, lost);
                if (!request.isProtected()) {
                    continue; // nothing tells which node is ours: create again (an orphan, if the first one was made)
                }
                // The create may have reached the server: find our node by its tag before making another.
                List<String> names = retrying(deadline, () -> client.zk().getChildren(lockPath, false));
                for (String name : names) {
                    if (name.startsWith(tag)) {
                        return lockPath + "/" + name;
                    }
                }
            }
        }
    }

    private static List<NodeName> sequential(List<String> names) {
        List<NodeName> nodes = new ArrayList<>(names.size());
        for (String name : names) {
            if (NodeName.isSequential(name)) {
                nodes.add(NodeName.parse(name));
            }
        }
        return nodes;
    }

    // ---- waiting, retrying, giving up ----------------------------------------------------------------------------

    private boolean waitForNotification(String path, long armed, long deadline) throws InterruptedException {
        watchedPath = path;
        boolean rang = wakeup.awaitRingAfter(armed, deadline,
                () -> client.connection().listener().parked(client.name()));
        if (rang) {
            watchedPath = null;
        }
        return rang;
    }

    @FunctionalInterface
    private interface ZkAction<T> {
        T run() throws KeeperException, InterruptedException;
    }

    private <T> T retrying(long deadline, ZkAction<T> action) throws Exception {
        for (int attempt = 0; ; attempt++) {
            try {
                return action.run();
            } catch (KeeperException.ConnectionLossException lost) {
                if (attempt >= MAX_RETRIES) {
                    throw lost;
                }
                awaitConnection(deadline, lost);
            } catch (KeeperException.SessionExpiredException expired) {
                if (client.opensNewSessions() && !client.isDead()) {
                    throw new SessionRenewed();
                }
                throw sessionGone();
            }
        }
    }

    private void awaitConnection(long deadline, KeeperException cause) throws Exception {
        long bound = Math.min(deadline, System.nanoTime() + client.connection().sessionTimeout().toNanos());
        if (!client.awaitConnected(bound)) {
            if (client.isDead()) {
                throw sessionGone();
            }
            throw cause;
        }
    }

    private void ensureSessionAlive() {
        if (client.isDead()) {
            throw sessionGone();
        }
    }

    private IllegalStateException sessionGone() {
        return new IllegalStateException(client.name() + " lost its lock request on " + lockPath + ": "
                + client.deathReason());
    }

    /**
     * Creates {@code path}; when its parent is missing, makes the lock node and its ancestors first and tries again.
     * Optimistic, as Curator's creatingParentsIfNeeded: no extra call once the lock node exists.
     */
    private String createMakingParents(String path, CreateMode mode) throws Exception {
        byte[] data = owner.getBytes(StandardCharsets.UTF_8);
        for (int attempt = 0; ; attempt++) {
            try {
                return client.zk().create(path, data, ZooDefs.Ids.OPEN_ACL_UNSAFE, mode);
            } catch (KeeperException.NoNodeException noParent) {
                // Missing, or an empty container the server removed just now: make the parents (again).
                if (attempt >= MAX_RETRIES) {
                    throw noParent;
                }
                makeLockNode();
            }
        }
    }

    private void makeLockNode() throws Exception {
        StringBuilder path = new StringBuilder();
        String[] parts = lockPath.substring(1).split("/");
        for (int i = 0; i < parts.length; i++) {
            path.append('/').append(parts[i]);
            String current = path.toString();
            // Containers, the lock node and its parents alike: the server removes each once its last child is gone,
            // so a lock path leaves nothing behind on a shared ensemble.
            try {
                retrying(Long.MAX_VALUE, () -> client.zk().create(current, new byte[0],
                        ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.CONTAINER));
            } catch (KeeperException.NodeExistsException exists) {
                // there already, or another client made it first: fine
            }
        }
    }

    /** Leaves nothing behind: removes our watch (if one is still set) and deletes our node. */
    private void giveUp() {
        boolean interrupted = Thread.interrupted();
        try {
            if (client.isDead()) {
                return;
            }
            String watched = watchedPath;
            if (watched != null) {
                try {
                    client.zk().removeWatches(watched, watcher, Watcher.WatcherType.Any, false);
                } catch (KeeperException.NoWatcherException alreadyFired) {
                    // it fired while we were giving up: nothing to remove
                } catch (KeeperException | InterruptedException | RuntimeException e) {
                    // best effort: the session's end removes it in any case
                }
            }
            deleteOurNode();
        } finally {
            watchedPath = null;
            held = false;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void deleteOurNode() {
        String path = ourPath;
        ourPath = null;
        if (path == null) {
            return;
        }
        try {
            retrying(Long.MAX_VALUE, () -> {
                client.zk().delete(path, -1);
                return null;
            });
        } catch (KeeperException.NoNodeException gone) {
            // already gone (the session ended, or someone deleted it)
        } catch (Exception e) {
            // best effort: it is ephemeral and goes with the session
        }
    }

    @Override
    public void release() throws Exception {
        if (!held) {
            throw new IllegalMonitorStateException(client.name() + " does not hold " + lockPath
                    + ": there is nothing to release");
        }
        held = false;
        String path = ourPath;
        ourPath = null;
        try {
            retrying(Long.MAX_VALUE, () -> {
                client.zk().delete(path, -1);
                return null;
            });
        } catch (KeeperException.NoNodeException gone) {
            throw new IllegalStateException(client.name() + " released " + lockPath
                    + " but its node was already gone: the lock was lost before the release", gone);
        }
    }
}
