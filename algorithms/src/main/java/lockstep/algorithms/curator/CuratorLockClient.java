package lockstep.algorithms.curator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;
import org.apache.curator.retry.RetryNTimes;

import lockstep.algorithms.ReadWriteSides;
import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.LockTarget;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.session.SessionEnder;
import lockstep.algorithms.session.ZooKeeperSeam;

/**
 * A client of one of Apache Curator's own lock recipes, kept as a reference to compare against. Curator builds its
 * ZooKeeper handles through Lockstep's seam ({@link ZooKeeperSeam#factory}), so its calls are recorded and scheduled
 * like ours. Background activity that would make unscheduled calls or races is switched off: no ensemble tracker,
 * empty node data (Curator's default is the host's address), and watchers notified on the event thread itself
 * rather than through Curator's executor, so a woken waiter is visibly busy the moment its notification is delivered.
 */
public final class CuratorLockClient implements LockClient {

    /**
     * Curator's shaded Guava logs, through java.util.logging, a warning with a stack trace when a semaphore's lease
     * cannot be deleted because its client is already closed (a waiter's give-up at the end of a run): the session is
     * gone and the server drops the lease anyway. Held here, as JUL keeps its loggers only weakly.
     */
    private static final java.util.logging.Logger QUIET_CLOSE = quiet(
            "org.apache.curator.shaded.com.google.common.io.Closeables");

    private static java.util.logging.Logger quiet(String name) {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
        logger.setLevel(java.util.logging.Level.OFF);
        return logger;
    }

    private final String name;
    private final Connection connection;
    private final CuratorFramework curator;
    private final CuratorRecipe recipe;
    private final Map<String, List<ReadWriteSides<InterProcessReadWriteLock>>> readWriteLocks = new HashMap<>();

    private CuratorLockClient(String name, Connection connection, CuratorFramework curator,
                              CuratorRecipe recipe) {
        this.name = name;
        this.connection = connection;
        this.curator = curator;
        this.recipe = recipe;
    }

    /** Connects a Curator client through the seam and waits until it is connected. */
    public static CuratorLockClient connect(String name, Connection connection,
                                            CuratorRecipe recipe)
            throws Exception {
        return new CuratorLockClient(name, connection, startFramework(name, connection), recipe);
    }

    /**
     * A started CuratorFramework whose ZooKeeper handles are made through the seam, connected, with the background
     * activity that would race with the schedule switched off (see the class comment): what Curator's recipes and a
     * user's Curator-based lock run on.
     */
    public static CuratorFramework startFramework(String name, Connection connection) throws Exception {
        CuratorFramework curator = CuratorFrameworkFactory.builder()
                .connectString(connection.connectString())
                .sessionTimeoutMs(connection.sessionTimeoutMs())
                .connectionTimeoutMs(connection.sessionTimeoutMs())
                .retryPolicy(new RetryNTimes(10, 50))
                .zookeeperFactory(ZooKeeperSeam.factory(name, connection.listener(), connection.credentials()))
                .ensembleTracker(false)
                .defaultData(new byte[0])
                .runSafeService(Runnable::run)
                .build();
        curator.start();
        if (!curator.blockUntilConnected(connection.sessionTimeoutMs(), TimeUnit.MILLISECONDS)) {
            curator.close();
            throw new java.io.IOException(name + " could not connect to " + connection.connectString());
        }
        return curator;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public DistributedLock lock(String lockPath, LockMode mode) {
        return lock(LockTarget.of(lockPath), mode);
    }

    @Override
    public DistributedLock lock(LockTarget target, LockMode mode) {
        if (!recipe.takes(target)) {
            throw new IllegalArgumentException(name + "'s Curator recipe cannot take " + target);
        }
        InterProcessLock lock = recipe == CuratorRecipe.READ_WRITE && mode != LockMode.EXCLUSIVE
                ? pairedSide(target.path(), mode) : recipe.lock(curator, target, mode);
        return new CuratorLock(name, String.join(",", target.paths()), mode, lock);
    }

    /**
     * A side of one of Curator's read/write locks on {@code lockPath}: the first whose side for {@code mode} was not
     * handed out yet, else a new one. Curator lets the write holder take the read lock (a downgrade) only through the
     * same InterProcessReadWriteLock, so a client's first read handle and first write handle are its two sides; every
     * further handle is a request of its own, as with Lockstep's engine.
     */
    private synchronized InterProcessMutex pairedSide(String lockPath, LockMode mode) {
        List<ReadWriteSides<InterProcessReadWriteLock>> pairs =
                readWriteLocks.computeIfAbsent(lockPath, path -> new ArrayList<>());
        for (ReadWriteSides<InterProcessReadWriteLock> pair : pairs) {
            if (pair.take(mode)) {
                return mode == LockMode.READ ? pair.lock().readLock() : pair.lock().writeLock();
            }
        }
        ReadWriteSides<InterProcessReadWriteLock> pair =
                new ReadWriteSides<>(new InterProcessReadWriteLock(curator, lockPath));
        pairs.add(pair);
        pair.take(mode);
        return mode == LockMode.READ ? pair.lock().readLock() : pair.lock().writeLock();
    }

    /**
     * Curator's waiter parks in {@code wait()} inside LockInternals' lock loop, or (a semaphore's waiter, which holds
     * the inner mutex meanwhile) inside InterProcessSemaphoreV2's wait for a lease; any other wait (inside a ZooKeeper
     * call, at the seam) is not a wait for a notification.
     */
    @Override
    public boolean isWaitingForNotification(Thread thread) {
        Thread.State state = thread.getState();
        if (state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING) {
            return false;
        }
        StackTraceElement[] stack = thread.getStackTrace();
        // Only a monitor wait: Curator also parks in a retry's sleep or a wait for its connection, which no
        // notification ends (taken for a waiter, such a thread let the run step on before it called again).
        if (stack.length == 0 || !"wait".equals(stack[0].getMethodName()) && !isObjectWait(stack)) {
            return false;
        }
        for (StackTraceElement frame : stack) {
            if (CuratorMonitors.isCuratorsWait(frame)) {
                return true;
            }
            if (frame.getClassName().startsWith("org.apache.zookeeper") || frame.getClassName().startsWith("lockstep")) {
                return false; // parked inside a ZooKeeper call or at the seam
            }
        }
        return false;
    }

    /**
     * A parked waiter wakes only when the watcher notifies the monitor it waits on: {@link
     * CuratorMonitors#notificationWakes}, the rule a user's lock that wraps Curator is held to as well.
     */
    @Override
    public boolean notificationWakes(Thread waiter, org.apache.zookeeper.Watcher watcher, String path) {
        if (!isWaitingForNotification(waiter) || path == null) {
            return true; // running, or a connection event: it may well act on it
        }
        return CuratorMonitors.notificationWakes(waiter, watcher, path);
    }

    private static boolean isObjectWait(StackTraceElement[] stack) {
        for (int i = 0; i < Math.min(3, stack.length); i++) {
            if (stack[i].getClassName().equals("java.lang.Object") && stack[i].getMethodName().startsWith("wait")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void crash() {
        // Closing the framework closes the session without releasing anything: the server drops its ephemerals.
        curator.close();
    }

    @Override
    public void expire() throws Exception {
        org.apache.zookeeper.ZooKeeper handle = curator.getZookeeperClient().getZooKeeper();
        SessionEnder.expire(handle, connection);
        SessionEnder.awaitClosedByExpiry(handle, connection, name);
    }

    @Override
    public void endSessionOnServer() throws Exception {
        SessionEnder.expire(curator.getZookeeperClient().getZooKeeper(), connection);
    }

    @Override
    public boolean opensNewSessionAfterExpiry() {
        return true;
    }

    @Override
    public long sessionId() {
        try {
            return curator.getZookeeperClient().getZooKeeper().getSessionId();
        } catch (Exception notYet) {
            return 0;
        }
    }

    @Override
    public boolean isConnected() {
        return curator.getZookeeperClient().isConnected();
    }

    @Override
    public void close() {
        curator.close();
    }
}
