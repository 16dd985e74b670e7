package lockstep.algorithms.user;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.curator.CuratorLockClient;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.session.Parked;
import lockstep.algorithms.session.SessionEnder;
import lockstep.algorithms.session.ZooKeeperSeam;

/**
 * A client of a user's lock class: one session through the seam, as for Lockstep's own engine or Curator's recipes, so
 * every call the user's code makes is recorded and scheduled, and every fault applies. The session is a plain ZooKeeper
 * handle or a CuratorFramework, whichever the class's constructor takes; each {@link #lock} is a new object of the
 * class on that session (for a read/write lock, its read or write side).
 *
 * <p>The user's code parks wherever it likes (a latch, {@code wait()}, Curator's own loop): its thread counts as
 * waiting for a notification when it is parked inside the user's classes, or inside Curator's lock loop, and not
 * inside a ZooKeeper call or at the seam.
 */
public final class UserLockClient implements LockClient {

    private final String name;
    private final Connection connection;
    private final LockClass lockClass;
    private final ZooKeeperSeam zk;
    private final CuratorFramework curator;
    private final WatcherOwners watchers;
    /** The plain handle's connection state, from its default watcher (guarded by {@code this}). */
    private KeeperState state = KeeperState.Disconnected;

    private UserLockClient(String name, Connection connection, LockClass lockClass) throws Exception {
        this.name = name;
        this.connection = connection;
        this.lockClass = lockClass;
        this.watchers = new WatcherOwners(connection.listener());
        Connection seen = connection.withListener(watchers);
        if (lockClass.onCurator()) {
            this.zk = null;
            this.curator = CuratorLockClient.startFramework(name, seen);
        } else {
            this.curator = null;
            this.zk = new ZooKeeperSeam(name, connection.connectString(), connection.sessionTimeoutMs(),
                    this::onConnectionEvent, watchers).authenticated(connection.credentials());
            if (!awaitState(KeeperState.SyncConnected, connection.sessionTimeout())) {
                zk.close();
                throw new IOException(name + " could not connect to " + connection.connectString());
            }
        }
    }

    /** Connects a client of {@code lockClass} and waits until its session is established. */
    public static UserLockClient connect(String name, Connection connection, LockClass lockClass) throws Exception {
        return new UserLockClient(name, connection, lockClass);
    }

    private synchronized void onConnectionEvent(WatchedEvent event) {
        if (event.getType() == Watcher.Event.EventType.None) {
            state = event.getState();
            notifyAll();
        }
    }

    /** Waits until the plain handle's state is {@code wanted} (or it is dead); true when it is. */
    private synchronized boolean awaitState(KeeperState wanted, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (state != wanted && !isDead()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return state == wanted;
    }

    private synchronized boolean isDead() {
        return state == KeeperState.Expired || state == KeeperState.Closed || state == KeeperState.AuthFailed;
    }

    private ZooKeeper handle() throws Exception {
        return curator != null ? curator.getZookeeperClient().getZooKeeper() : zk;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public DistributedLock lock(String lockPath, LockMode mode) {
        try {
            return new UserLock(name, lockPath, mode, lockClass.newLock(curator != null ? curator : zk, lockPath,
                    mode), watchers);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(lockClass.name() + "'s constructor failed: " + e, e);
        }
    }

    /**
     * Parked in one of the JDK's waits ({@link Parked}), and the first frame that is not the JDK's own is the user's
     * code or Curator's lock loop: then it waits for a notification. A ZooKeeper frame (a call waiting for its answer)
     * or Lockstep's (the seam) comes first otherwise.
     */
    @Override
    public boolean isWaitingForNotification(Thread thread) {
        Thread.State now = thread.getState();
        if (now != Thread.State.WAITING && now != Thread.State.TIMED_WAITING) {
            return false;
        }
        StackTraceElement[] stack = thread.getStackTrace();
        if (!Parked.inAWait(stack)) {
            return false; // waiting for a class to be initialized, say: it runs on by itself
        }
        for (StackTraceElement frame : stack) {
            String className = frame.getClassName();
            if (lockClass.isUsers(className) || className.endsWith("LockInternals")
                    && frame.getMethodName().equals("internalLockLoop")) {
                return true;
            }
            if (className.startsWith("org.apache.zookeeper") || className.startsWith("lockstep.")) {
                return false;
            }
        }
        return false;
    }

    /** A notification to a watcher set by an acquire that has ended wakes nobody. */
    @Override
    public boolean notificationWakesItsHandle(Watcher watcher) {
        return watchers.mayWake(watcher);
    }

    @Override
    public void crash() {
        close();
    }

    @Override
    public void expire() throws Exception {
        ZooKeeper handle = handle();
        SessionEnder.expire(handle, connection);
        if (curator == null) {
            if (!awaitState(KeeperState.Expired, connection.sessionTimeout().multipliedBy(2))) {
                throw new IllegalStateException(name + " did not learn that its session expired");
            }
            return;
        }
        SessionEnder.awaitClosedByExpiry(handle, connection, name);
    }

    @Override
    public void endSessionOnServer() throws Exception {
        SessionEnder.expire(handle(), connection);
    }

    @Override
    public boolean opensNewSessionAfterExpiry() {
        return curator != null;
    }

    @Override
    public long sessionId() {
        try {
            return handle().getSessionId();
        } catch (Exception notYet) {
            return 0;
        }
    }

    @Override
    public boolean isConnected() {
        if (curator != null) {
            return curator.getZookeeperClient().isConnected();
        }
        synchronized (this) {
            return state == KeeperState.SyncConnected;
        }
    }

    @Override
    public void close() {
        if (curator != null) {
            curator.close();
            return;
        }
        try {
            zk.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        onConnectionEvent(new WatchedEvent(Watcher.Event.EventType.None, KeeperState.Closed, null));
    }

    /** The user's lock object behind Lockstep's lock interface: each call is the user's own. */
    private record UserLock(String client, String lockPath, LockMode mode, InterProcessLock lock,
                            WatcherOwners watchers) implements DistributedLock {

        @Override
        public void acquire() throws Exception {
            Object attempt = watchers.acquiring();
            try {
                lock.acquire();
            } finally {
                watchers.acquired(attempt);
            }
        }

        @Override
        public boolean acquire(Duration timeout) throws Exception {
            Object attempt = watchers.acquiring();
            try {
                return lock.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } finally {
                watchers.acquired(attempt);
            }
        }


        @Override
        public void release() throws Exception {
            lock.release();
        }

        @Override
        public boolean isHeld() {
            return lock.isAcquiredInThisProcess();
        }
    }
}
