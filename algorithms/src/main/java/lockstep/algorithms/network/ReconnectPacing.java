package lockstep.algorithms.network;

import java.lang.reflect.Field;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.HostProvider;

/**
 * Takes the waiting out of one ZooKeeper handle's reconnects, so that a client whose connection broke is back as soon
 * as the network lets it, and a scripted run does not wait on random timers.
 *
 * <p>Why: ZooKeeper 3.9.5's client waits twice before each reconnect (ClientCnxn.SendThread): in
 * {@code startConnect} a random 0-999 ms ({@code ThreadLocalRandom}, whenever the attempt is not the handle's first),
 * and in {@code StaticHostProvider.next(1000)} a whole second each time it comes round to the last server it was
 * connected to (with one server: before every reconnect). Neither can be configured.
 *
 * <p>How: {@link #immediate(ZooKeeper)} replaces the handle's host provider (field {@code ClientCnxn.hostProvider})
 * with one that forwards to the original, asks it for the next server with no spin delay, and, on the send thread just
 * before {@code startConnect} runs, marks the attempt as a first one ({@code SendThread.isFirstConnect}), which skips
 * the random sleep. Reflection on ZooKeeper's own classes works from the classpath (the unnamed module) on JDK 17; if
 * the fields are not there (another ZooKeeper version) it fails with an {@link IllegalStateException} that says which.
 *
 * <p>It also bounds each attempt: ZooKeeper gives an attempt that has connected but heard nothing yet a whole session
 * timeout ({@code ClientCnxn.connectTimeout}, the session timeout over the number of servers, set again at every
 * connection) before it tries again. An attempt made while a server restarts can go unanswered (seen under load: the
 * clients of a run came back 10 s after the server, a whole session timeout), and a client SUSPENDED that long is told
 * by Curator's own clock that its session expired, so a parked waiter woke in a run and not in its replay. Here each
 * attempt gets {@link #ATTEMPT_TIMEOUT} at most; a loopback handshake takes milliseconds, and one that is retried
 * costs nothing but the retry.
 *
 * <p>Guarantees: the first attempt after a connection was lost starts at once. While attempts keep failing (the link
 * is cut, the server is stopped) they are spaced {@link #RETRY_PAUSE} apart, then twice that, up to
 * {@link #MAX_RETRY_PAUSE}, so a client does not spin on a refused port; the spacing starts over at every
 * successful connection. Nothing else of the client changes.
 *
 * <p>Not here: when a connection breaks, ZooKeeper's {@code ClientCnxnSocketNIO.cleanup()} sleeps a fixed 100 ms
 * before the pending calls fail with a connection loss and Disconnected is delivered; the seam's handles use
 * {@code org.apache.zookeeper.ClientCnxnSocketWithoutCleanupPause}, which cuts that sleep short. A handle made
 * without it still pays the 100 ms (measured by the simulator's {@code NetworkBenchmark}).
 */
public final class ReconnectPacing {

    /** The pause before the second attempt in a row that follows a failed one. */
    public static final Duration RETRY_PAUSE = Duration.ofMillis(5);
    /** The longest pause between two failed attempts. */
    public static final Duration MAX_RETRY_PAUSE = Duration.ofMillis(100);

    /** Longest one connection attempt waits for the server's answer before the next attempt. */
    public static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(2);

    /** Longest a held-back reconnect waits before it goes ahead anyway. */
    private static final long LONGEST_HOLD_NANOS = Duration.ofSeconds(60).toNanos();

    private final AtomicInteger attempts = new AtomicInteger();
    private final Object holdLock = new Object();
    private boolean held;
    private final AtomicInteger connections = new AtomicInteger();

    private ReconnectPacing() {
    }

    /**
     * Removes ZooKeeper's reconnect delays from {@code zk} (see the class comment); call it right after creating the
     * handle. Returns counters of what the handle did since. Calling it again on the same handle changes nothing and
     * returns the same pacing.
     *
     * @throws IllegalStateException if this ZooKeeper version does not have the fields this relies on
     */
    public static ReconnectPacing immediate(ZooKeeper zk) {
        Field cnxnField = field(ZooKeeper.class, "cnxn");
        Object cnxn = read(cnxnField, zk);
        Class<?> cnxnClass = cnxnField.getType();
        Field providerField = field(cnxnClass, "hostProvider");
        Field sendThreadField = field(cnxnClass, "sendThread");
        Object sendThread = read(sendThreadField, cnxn);
        Field firstConnect = field(sendThreadField.getType(), "isFirstConnect");
        Field connectTimeout = field(cnxnClass, "connectTimeout");
        HostProvider original = (HostProvider) read(providerField, cnxn);
        if (original instanceof ImmediateHostProvider paced) {
            return paced.pacing();
        }
        ReconnectPacing pacing = new ReconnectPacing();
        try {
            providerField.set(cnxn, pacing.new ImmediateHostProvider(original, sendThread, firstConnect, cnxn,
                    connectTimeout));
        } catch (IllegalAccessException e) {
            throw unsupported(providerField, e);
        }
        return pacing;
    }

    /** Connection attempts the handle started since pacing was installed. */
    public int attempts() {
        return attempts.get();
    }

    /**
     * Runs {@code action} while the handle makes no new connection attempt (one under way goes on): an attempt it
     * would start meanwhile waits until {@code action} has returned. Used to end a session from a second handle
     * without the first one, reconnecting at once, taking the session back before it is closed.
     */
    public void holdingBack(Action action) throws Exception {
        synchronized (holdLock) {
            held = true;
        }
        try {
            action.run();
        } finally {
            synchronized (holdLock) {
                held = false;
                holdLock.notifyAll();
            }
        }
    }

    /** What runs while reconnects are held back. */
    @FunctionalInterface
    public interface Action {
        void run() throws Exception;
    }

    private void awaitRelease() {
        long deadline = System.nanoTime() + LONGEST_HOLD_NANOS;
        synchronized (holdLock) {
            long left;
            while (held && (left = deadline - System.nanoTime()) > 0) {
                try {
                    java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(holdLock, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Connections the handle established since pacing was installed (the server answered its handshake). */
    public int connections() {
        return connections.get();
    }

    private static Field field(Class<?> owner, String name) {
        try {
            Field field = owner.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException | RuntimeException e) {
            throw new IllegalStateException("cannot remove ZooKeeper's reconnect delay: field " + owner.getName() + "."
                    + name + " is not there or not accessible (ZooKeeper 3.9.5 has it; is another version on the "
                    + "classpath?)", e);
        }
    }

    private static Object read(Field field, Object owner) {
        try {
            return field.get(owner);
        } catch (IllegalAccessException e) {
            throw unsupported(field, e);
        }
    }

    private static IllegalStateException unsupported(Field field, Exception cause) {
        return new IllegalStateException("cannot remove ZooKeeper's reconnect delay: field "
                + field.getDeclaringClass().getName() + "." + field.getName() + " cannot be changed", cause);
    }

    /** The original provider without its spin delay; runs on the handle's send thread only. */
    private final class ImmediateHostProvider implements HostProvider {

        private final HostProvider original;
        private final Object sendThread;
        private final Field firstConnect;
        private final Object cnxn;
        private final Field connectTimeout;
        private int failedInARow;

        ImmediateHostProvider(HostProvider original, Object sendThread, Field firstConnect, Object cnxn,
                              Field connectTimeout) {
            this.original = original;
            this.sendThread = sendThread;
            this.firstConnect = firstConnect;
            this.cnxn = cnxn;
            this.connectTimeout = connectTimeout;
        }

        ReconnectPacing pacing() {
            return ReconnectPacing.this;
        }

        @Override
        public int size() {
            return original.size();
        }

        @Override
        public InetSocketAddress next(long spinDelay) {
            attempts.incrementAndGet();
            awaitRelease();
            if (failedInARow > 0) {
                // Attempts keep failing: space them out (5, 10, 20 ... 100 ms) rather than spin on a refused port.
                long pause = Math.min(RETRY_PAUSE.toNanos() << Math.min(failedInARow - 1, 10),
                        MAX_RETRY_PAUSE.toNanos());
                LockSupport.parkNanos(pause);
            }
            failedInARow++;
            try {
                // startConnect, called next on this thread, sleeps at random unless the attempt is a first one.
                firstConnect.setBoolean(sendThread, true);
            } catch (IllegalAccessException e) {
                throw unsupported(firstConnect, e);
            }
            try {
                // Read by this thread's loop while the attempt waits for its answer; ZooKeeper sets it again to the
                // session timeout at every connection, so it is bounded again before every attempt.
                int limit = (int) ATTEMPT_TIMEOUT.toMillis();
                if (connectTimeout.getInt(cnxn) > limit) {
                    connectTimeout.setInt(cnxn, limit);
                }
            } catch (IllegalAccessException e) {
                throw unsupported(connectTimeout, e);
            }
            return original.next(0);
        }

        @Override
        public void onConnected() {
            failedInARow = 0;
            connections.incrementAndGet();
            original.onConnected();
        }

        @Override
        public boolean updateServerList(Collection<InetSocketAddress> serverAddresses,
                                        InetSocketAddress currentHost) {
            return original.updateServerList(serverAddresses, currentHost);
        }
    }
}
