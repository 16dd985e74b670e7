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

import lockstep.algorithms.ReadWriteSides;
import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.Unschedulable;
import lockstep.algorithms.curator.CuratorLockClient;
import lockstep.algorithms.curator.CuratorMonitors;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.session.Parked;
import lockstep.algorithms.session.SeamListener;
import lockstep.algorithms.session.SessionEnder;
import lockstep.algorithms.session.ZkCall;
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
 *
 * <p>What the run cannot schedule is noted ({@link #unschedulable()}) with the user's file and line: an asynchronous
 * call or {@code multi} (the seam refuses it), a call from a thread the lock started (refused here: the scheduler
 * gives turns to the thread that runs the client's acquire and release, and to watchers on ZooKeeper's event thread,
 * never to another), a wait on the wall clock in the user's own code ({@code Thread.sleep}, a timed wait). An
 * exception thrown from the user's acquire or release is passed on with its top user frame in its message.
 */
public final class UserLockClient implements LockClient {

    private final String name;
    private final Connection connection;
    private final LockClass lockClass;
    private final ZooKeeperSeam zk;
    private final CuratorFramework curator;
    private final WatcherOwners watchers;
    /** The user's read/write lock objects by lock path, each with the sides handed out ({@link #pairedSide}). */
    private final java.util.Map<String, java.util.List<ReadWriteSides<Object>>> readWriteObjects =
            new java.util.HashMap<>();
    /** The first thing the user's code did that the run cannot schedule. */
    private final java.util.concurrent.atomic.AtomicReference<Unschedulable> unschedulable =
            new java.util.concurrent.atomic.AtomicReference<>();
    /** The thread that runs this client's acquire and release (its one worker), once it ran one. */
    private volatile Thread ownThread;
    /** What that thread runs in the user's code now: "acquire" or "release". */
    private volatile String running = "acquire";
    /** That thread made a ZooKeeper call since it started what it runs. */
    private volatile boolean called;
    /** The plain handle's connection state, from its default watcher (guarded by {@code this}). */
    private KeeperState state = KeeperState.Disconnected;

    private UserLockClient(String name, Connection connection, LockClass lockClass) throws Exception {
        this.name = name;
        this.connection = connection;
        this.lockClass = lockClass;
        this.watchers = new WatcherOwners(connection.listener(), new Guard());
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
            Object session = curator != null ? curator : zk;
            InterProcessLock lock = lockClass.readWrite() && mode != LockMode.EXCLUSIVE
                    ? pairedSide(session, lockPath, mode) : lockClass.newLock(session, lockPath, mode);
            return new UserLock(name, this, lockPath, mode, lock, watchers);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(lockClass.name() + "'s constructor failed: " + e, e);
        }
    }

    /**
     * A side of one of the user's read/write lock objects on {@code lockPath}: the first object whose side for
     * {@code mode} was not handed out yet, else a new one. A read/write lock may let its write holder take the read
     * lock (a downgrade) only through the same object, as Curator's InterProcessReadWriteLock does, so a client's first
     * read request and first write request get one object's two sides; every further request gets a side of its own,
     * as for Curator's recipe ({@code CuratorLockClient}).
     */
    private synchronized InterProcessLock pairedSide(Object session, String lockPath, LockMode mode)
            throws Exception {
        java.util.List<ReadWriteSides<Object>> pairs =
                readWriteObjects.computeIfAbsent(lockPath, path -> new java.util.ArrayList<>());
        ReadWriteSides<Object> pair = pairs.stream().filter(p -> p.take(mode)).findFirst().orElse(null);
        if (pair == null) {
            pair = new ReadWriteSides<>(lockClass.newObject(session, lockPath));
            pairs.add(pair);
            pair.take(mode);
        }
        return LockClass.side(pair.lock(), mode == LockMode.READ ? "readLock" : "writeLock");
    }

    /**
     * Parked in one of the JDK's waits ({@link Parked}), and the first frame that is not the JDK's own is the user's
     * code, or Curator's lock loop in a monitor wait (Curator's waiter, as {@code CuratorLockClient} tells it): then it
     * waits for a notification. A ZooKeeper frame (a call waiting for its answer), Lockstep's (the seam) or any other
     * of Curator's (a retry's sleep) comes first otherwise.
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
        boolean monitorWait = stack[0].getClassName().equals("java.lang.Object");
        boolean inCurator = false;
        for (StackTraceElement frame : stack) {
            String className = frame.getClassName();
            if (className.equals("java.lang.Thread") && frame.getMethodName().equals("join")) {
                return false; // it waits for a thread of its own, which runs on by itself (and is noted when it calls)
            }
            if (className.startsWith("org.apache.curator.")) {
                if (CuratorMonitors.isCuratorsWait(frame)) {
                    return monitorWait; // Curator's waiter, held to Curator's rule (notificationWakes)
                }
                inCurator = true;
                continue;
            }
            if (lockClass.isUsers(className)) {
                if (inCurator) {
                    // Curator's own sleep or park under the user's call (a retry, a wait for its connection): it
                    // runs on by itself, and it is Curator's way with time, not the user's
                    return false;
                }
                // the user's own wait: one that ends on the wall clock makes the run depend on time
                boolean sleeps = stack[0].getClassName().equals("java.lang.Thread");
                if (sleeps || now == Thread.State.TIMED_WAITING && thread.getState() == Thread.State.TIMED_WAITING) {
                    note(lockClass.where(stack), name + " waits on the wall clock inside " + running + " ("
                            + (sleeps ? "Thread.sleep" : "a timed wait") + "), so the run would depend on time"
                            + " (expected a wait that only a watch notification ends)");
                } else if (!called && thread == ownThread) {
                    note(lockClass.where(stack), name + "'s " + running + " waits without having called ZooKeeper,"
                            + " so nothing can wake it (expected a wait for a watch that one of its calls set)");
                }
                return true;
            }
            if (className.startsWith("org.apache.zookeeper") || className.startsWith("lockstep.")) {
                return false;
            }
        }
        return false;
    }

    @Override
    public Unschedulable unschedulable() {
        return unschedulable.get();
    }

    @Override
    public String whereInTheLock(Thread thread) {
        return lockClass.where(thread.getStackTrace());
    }

    @Override
    public String whereAWatcherStands() {
        Thread delivering = watchers.delivering();
        return delivering == null ? null : lockClass.where(delivering.getStackTrace());
    }

    /** Notes the first thing the run cannot schedule; where is the lock as given when no frame is the user's. */
    private void note(String where, String what) {
        unschedulable.compareAndSet(null, new Unschedulable(where == null ? lockClass.option() : where, what));
    }

    /** The lock's calls as they come, on the calling thread: calls the run cannot schedule are noted and refused. */
    private final class Guard implements SeamListener {

        @Override
        public void beforeCall(ZkCall call) {
            Thread caller = Thread.currentThread();
            if (caller == ownThread) {
                called = true;
            }
            if (ownThread == null || caller == ownThread
                    || caller.getClass().getName().equals("org.apache.zookeeper.ClientCnxn$EventThread")) {
                return;
            }
            String where = lockClass.where(caller.getStackTrace());
            if (where == null) {
                return; // not the user's code (Curator's own)
            }
            String what = name + "'s " + call.op().name().toLowerCase(java.util.Locale.ROOT).replace("_", "")
                    + " came from a thread of the lock's own (" + caller.getName() + "), which Lockstep cannot"
                    + " schedule (expected ZooKeeper calls from the thread that runs acquire and release, or from a"
                    + " watcher)";
            note(where, what);
            throw new UnsupportedOperationException(where + ": " + what);
        }

        @Override
        public void refused(String what) {
            note(lockClass.where(Thread.currentThread().getStackTrace()), name + " called " + what
                    + ", which would pass Lockstep's scheduler unseen (expected synchronous create, delete, exists,"
                    + " getData, getChildren, setData or removeWatches)");
        }
    }

    /** A notification to a watcher set by an acquire that has ended wakes nobody. */
    @Override
    public boolean notificationWakesItsHandle(Watcher watcher) {
        return watchers.mayWake(watcher);
    }

    /**
     * A thread parked in Curator's own wait (a user's lock that wraps Curator's recipes) is held to Curator's rule,
     * as a client of Curator's recipes is ({@link CuratorMonitors#notificationWakes}): a notification wakes it only
     * when its watcher notifies the very monitor the thread waits on. Any other wait, the user's own, by which
     * acquire set the watcher ({@link #notificationWakesItsHandle}).
     */
    @Override
    public boolean notificationWakes(Thread waiter, Watcher watcher, String path) {
        if (curator != null && path != null && parkedInCurator(waiter) && isWaitingForNotification(waiter)) {
            return CuratorMonitors.notificationWakes(waiter, watcher, path);
        }
        return notificationWakesItsHandle(watcher);
    }

    /** The first frame of {@code waiter} that is Curator's wait or the user's code is Curator's wait. */
    private boolean parkedInCurator(Thread waiter) {
        for (StackTraceElement frame : waiter.getStackTrace()) {
            if (CuratorMonitors.isCuratorsWait(frame)) {
                return true;
            }
            if (lockClass.isUsers(frame.getClassName())) {
                return false;
            }
        }
        return false;
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

    /** The client's own thread starts {@code what} in the user's code. */
    private void running(String what) {
        ownThread = Thread.currentThread();
        running = what;
        called = false;
    }

    /**
     * An exception from the user's {@code method}, with its top user frame: {@code MyLock.java:42: acquire threw
     * IllegalStateException: ...}. An interrupt (the client gives up, or crashes) passes as it is.
     */
    private Exception thrown(String method, Exception e) {
        if (e instanceof InterruptedException) {
            return e;
        }
        String where = lockClass.where(e.getStackTrace());
        return new Exception((where == null ? lockClass.name() : where) + ": " + method + " threw "
                + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
    }

    /** The user's lock object behind Lockstep's lock interface: each call is the user's own. */
    private record UserLock(String client, UserLockClient owner, String lockPath, LockMode mode, InterProcessLock lock,
                            WatcherOwners watchers) implements DistributedLock {

        @Override
        public void acquire() throws Exception {
            owner.running("acquire");
            Object attempt = watchers.acquiring();
            try {
                lock.acquire();
            } catch (Exception e) {
                throw owner.thrown("acquire", e);
            } finally {
                watchers.acquired(attempt);
            }
        }

        @Override
        public boolean acquire(Duration timeout) throws Exception {
            owner.running("acquire");
            Object attempt = watchers.acquiring();
            try {
                return lock.acquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                throw owner.thrown("acquire", e);
            } finally {
                watchers.acquired(attempt);
            }
        }

        @Override
        public void release() throws Exception {
            owner.running("release");
            try {
                lock.release();
            } catch (Exception e) {
                throw owner.thrown("release", e);
            }
        }

        @Override
        public boolean isHeld() {
            return lock.isAcquiredInThisProcess();
        }
    }
}
