package lockstep.algorithms.engine;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher.Event.KeeperState;

import lockstep.algorithms.AfterExpiry;
import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.ReentrantHandle;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.session.SessionEnder;
import lockstep.algorithms.session.ZooKeeperSeam;

/**
 * A client of Lockstep's own algorithms: one plain ZooKeeper session through the seam, and {@link LockEngine}s on it.
 * It follows the connection state so the engine can wait for a lost connection to come back, and knows when the
 * session is gone for good (expired or closed): a lock on a dead session fails with a clear error.
 *
 * <p>After an expiry. What the client does is its algorithm's {@link AfterExpiry}: by default it is finished, as a
 * plain ZooKeeper handle is. Otherwise it opens a new ZooKeeper handle, a new session, at once (as Curator's
 * ConnectionState does when its handle reports Expired): its engines first hear that the old session expired, so
 * their locks are lost, and then go on in the new one. Events of a handle that was replaced are ignored.
 */
public final class ZkLockClient implements LockClient {

    private final String name;
    private final Connection connection;
    private final Function<LockMode, LockAlgorithm> algorithm;
    private final AfterExpiry afterExpiry;
    /** The handle of the session the client is on now: replaced when the client opens a new session. */
    private volatile ZooKeeperSeam zk;
    /** Counts the handles opened (guarded by {@code this}): an event of an older one is ignored. */
    private int handlesOpened;
    /** Counts the sessions opened after an expiry (guarded by {@code this}). */
    private int renewals;
    /** Closed or crashed on purpose (guarded by {@code this}): no new session after that. */
    private boolean closing;
    private KeeperState state = KeeperState.Disconnected;
    private final java.util.Set<LockEngine> engines = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.List<ReentrantHandle> handles = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger handleNumbers = new java.util.concurrent.atomic.AtomicInteger();

    private ZkLockClient(String name, Connection connection, Function<LockMode, LockAlgorithm> algorithm)
            throws IOException {
        this.name = name;
        this.connection = connection;
        this.algorithm = algorithm;
        this.afterExpiry = algorithm.apply(LockMode.EXCLUSIVE).afterExpiry();
        synchronized (this) {
            this.zk = openHandle();
        }
    }

    /** A new ZooKeeper handle through the seam: a new session, whose events carry its number. */
    private ZooKeeperSeam openHandle() throws IOException {
        int number = ++handlesOpened;
        return new ZooKeeperSeam(name, connection.connectString(), connection.sessionTimeoutMs(),
                event -> onConnectionEvent(number, event), connection.listener())
                .authenticated(connection.credentials());
    }

    /**
     * Connects and waits until the session is established.
     *
     * @param algorithm the decision for a mode
     */
    public static ZkLockClient connect(String name, Connection connection,
                                       Function<LockMode, LockAlgorithm> algorithm) throws IOException,
            InterruptedException {
        ZkLockClient client = new ZkLockClient(name, connection, algorithm);
        if (!client.awaitConnected(System.nanoTime() + connection.sessionTimeout().toNanos())) {
            client.close();
            throw new IOException(name + " could not connect to " + connection.connectString());
        }
        return client;
    }

    private synchronized void onConnectionEvent(int handle, WatchedEvent event) {
        if (handle != handlesOpened) {
            return; // a handle we replaced: its session is over
        }
        if (event.getType() == org.apache.zookeeper.Watcher.Event.EventType.None
                && event.getState() == KeeperState.Expired && afterExpiry.opensNewSession() && !closing) {
            openNewSession();
            return;
        }
        if (event.getType() == org.apache.zookeeper.Watcher.Event.EventType.None) {
            state = event.getState();
            notifyAll();
            if (isDead()) {
                engines.forEach(LockEngine::sessionEnded);
            }
        }
    }

    /**
     * The old session expired: its engines lose their locks (and, as the algorithm says, forget or keep their nodes),
     * then a new handle opens a new session; the engines' next calls go to it once it is connected.
     */
    private void openNewSession() {
        boolean trustOldNode = afterExpiry == AfterExpiry.NEW_SESSION_TRUSTING_OLD_NODE;
        engines.forEach(engine -> engine.sessionExpired(trustOldNode));
        state = KeeperState.Disconnected;
        try {
            zk = openHandle();
            renewals++;
        } catch (IOException e) {
            state = KeeperState.Expired; // no new session: the client is finished after all
            engines.forEach(LockEngine::sessionEnded);
        }
        notifyAll();
    }

    /** True when the client goes on in a new session after an expiry. */
    boolean opensNewSessions() {
        return afterExpiry.opensNewSession();
    }

    /** Waits until connected; false when the deadline passed or the session is gone for good. */
    synchronized boolean awaitConnected(long deadlineNanos) throws InterruptedException {
        while (state != KeeperState.SyncConnected && !isDead()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return state == KeeperState.SyncConnected;
    }

    synchronized boolean isDead() {
        return state == KeeperState.Expired || state == KeeperState.Closed || state == KeeperState.AuthFailed;
    }

    synchronized String deathReason() {
        return state == KeeperState.Expired ? "its session expired" : "its session was closed";
    }

    private synchronized int currentHandle() {
        return handlesOpened;
    }

    ZooKeeperSeam zk() {
        return zk;
    }

    Connection connection() {
        return connection;
    }

    @Override
    public long sessionId() {
        return zk.getSessionId();
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * A reentrant handle (per thread hold counts, {@link ReentrantHandle}) on a new engine; a write handle refuses an
     * upgrade from a read lock the same thread holds ({@link UpgradeRefused}).
     */
    @Override
    public DistributedLock lock(String lockPath, LockMode mode) {
        return lock(lockstep.algorithms.LockTarget.of(lockPath), mode);
    }

    /** As {@link #lock(String, LockMode)}, for one lock path and the decision for its permits. */
    @Override
    public DistributedLock lock(lockstep.algorithms.LockTarget target, LockMode mode) {
        if (target.paths().size() != 1) {
            return severalLocks(target, mode);
        }
        String lockPath = target.path();
        LockEngine engine = new LockEngine(this, lockPath, mode, algorithm.apply(mode).forPermits(target.permits()));
        engines.add(engine);
        ReentrantHandle handle = new ReentrantHandle(engine);
        handles.add(handle);
        return mode == LockMode.WRITE ? new UpgradeRefused(handle, this::holdsReadOnThisThread) : handle;
    }

    /**
     * A multi-lock's handle: one engine per path, taken in the algorithm's order ({@link AllInOrder}), reentrant on
     * top. An algorithm without an order takes one lock only and refuses.
     */
    private DistributedLock severalLocks(lockstep.algorithms.LockTarget target, LockMode mode) {
        LockAlgorithm decision = algorithm.apply(mode);
        java.util.List<String> order = decision.lockOrder(target.paths());
        if (order == null || target.permits() != 1) {
            throw new IllegalArgumentException(name + "'s lock takes one lock path, not " + target.paths());
        }
        java.util.List<DistributedLock> each = new java.util.ArrayList<>();
        for (String path : order) {
            LockEngine engine = new LockEngine(this, path, mode, decision);
            engines.add(engine);
            each.add(engine);
        }
        ReentrantHandle handle = new ReentrantHandle(new AllInOrder(each));
        handles.add(handle);
        return handle;
    }

    /** The names of the nodes the calling thread holds on {@code lockPath} through this client's write handles. */
    java.util.List<String> writeNodesHeldOnThisThread(String lockPath) {
        java.util.List<String> held = new java.util.ArrayList<>();
        for (ReentrantHandle handle : handles) {
            if (handle.mode() == LockMode.WRITE && handle.lockPath().equals(lockPath) && handle.isHeldByCurrentThread()
                    && handle.underneath() instanceof LockEngine engine && engine.ourNode() != null) {
                held.add(engine.ourNode().substring(lockPath.length() + 1));
            }
        }
        return held;
    }

    /** Numbers this client's handles, for the owner name each handle writes into its nodes. */
    int nextHandleNumber() {
        return handleNumbers.incrementAndGet();
    }

    private boolean holdsReadOnThisThread(String lockPath) {
        return handles.stream().anyMatch(h -> h.mode() == LockMode.READ && h.lockPath().equals(lockPath)
                && h.isHeldByCurrentThread());
    }

    @Override
    public boolean notificationWakesItsHandle(org.apache.zookeeper.Watcher watcher) {
        return engines.stream().noneMatch(engine -> engine.isHeld() && engine.listensWith(watcher));
    }

    @Override
    public boolean saysWhenItParks() {
        return true; // each engine's waitForNotification tells the seam before it parks
    }

    @Override
    public boolean isWaitingForNotification(Thread thread) {
        return engines.stream().anyMatch(LockEngine::isWaitingForNotification);
    }

    @Override
    public void crash() {
        closeHandle();
    }

    @Override
    public void expire() throws Exception {
        int renewed;
        synchronized (this) {
            renewed = renewals;
        }
        SessionEnder.expire(zk, connection);
        // The client hears of it when it reconnects: wait for that, so nothing races with the news. A client that
        // goes on in a new session is waited for until that session is connected: a request sent while its first
        // connect is still under way could fail with a connection loss that no script line asked for.
        long deadline = System.nanoTime() + 2 * connection.sessionTimeout().toNanos();
        synchronized (this) {
            while (!isDead() && (renewals == renewed || state != KeeperState.SyncConnected)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException(name + " did not learn that its session expired");
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
    }

    @Override
    public void endSessionOnServer() throws Exception {
        SessionEnder.expire(zk, connection);
    }

    @Override
    public boolean opensNewSessionAfterExpiry() {
        return afterExpiry.opensNewSession();
    }

    @Override
    public synchronized boolean isConnected() {
        return state == KeeperState.SyncConnected;
    }

    @Override
    public void close() {
        closeHandle();
    }

    private void closeHandle() {
        synchronized (this) {
            closing = true;
        }
        try {
            zk.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // ZooKeeper's close() delivers no Closed event to the default watcher: say it ourselves, so waiters end.
        onConnectionEvent(currentHandle(), new WatchedEvent(org.apache.zookeeper.Watcher.Event.EventType.None,
                KeeperState.Closed, null));
    }
}
