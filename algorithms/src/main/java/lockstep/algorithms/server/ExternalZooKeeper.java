package lockstep.algorithms.server;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

import lockstep.algorithms.session.Credentials;

/**
 * A ZooKeeper server or ensemble that Lockstep did not start ({@code --connect HOST:PORT[,...]}), used so that it
 * finds its tree as it was: every run works under a fresh root of its own, {@code /lockstep/<run-id>}, given to the
 * clients as a chroot, so they cannot name anything outside it; {@link #close()} deletes that root and, if this run
 * made it, {@code /lockstep} once empty. A shutdown hook does the same if the JVM ends first (an interrupt, a
 * failure). Lockstep cannot stop, start or kill these servers ({@link #isControlled()} is false).
 *
 * <p>With {@link Credentials} the run's own session and every client authenticate with the digest identity, and every
 * node of the run gets the creator-all ACL: another user of the ensemble cannot read, change or delete them.
 *
 * <p>Several servers ({@code HOST:PORT,HOST:PORT,...}) are the members of one ensemble, numbered 1..N in the order
 * given: a run pins each client to one of them ({@link #connectStringOf(int)}), as on an embedded ensemble. Which one
 * leads is asked of each server with ZooKeeper's {@code srvr} four-letter word (in its default whitelist); a server
 * that refuses it leaves the leader unknown ({@link #awaitLeader()} 0).
 *
 * <p>Steps: {@link #open} connects (one {@link ConnectionProblem} line if nothing answers in time), checks that each
 * listed server answers as a member of one ensemble, checks that the identity may work under {@code /lockstep}, makes
 * the root, then clients connect with {@link #connectString()}; {@link #close()} removes what the run made, with a
 * session of its own if the first one has expired meanwhile.
 */
public final class ExternalZooKeeper implements Cluster, AutoCloseable {

    /** The parent of every run's root. */
    public static final String BASE = "/lockstep";

    /** One line for people: why the external ZooKeeper cannot be used. */
    public static final class ConnectionProblem extends Exception {
        private static final long serialVersionUID = 1L;

        public ConnectionProblem(String message) {
            super(message);
        }
    }

    private final List<String> hosts;
    private final String root;
    private final Credentials credentials;
    private final ZooKeeper admin;
    private final boolean madeBase;
    private final Thread hook;
    private boolean closed;

    private ExternalZooKeeper(List<String> hosts, String root, Credentials credentials, ZooKeeper admin,
                              boolean madeBase) {
        this.hosts = hosts;
        this.root = root;
        this.credentials = credentials;
        this.admin = admin;
        this.madeBase = madeBase;
        this.hook = new Thread(this::closeQuietly, "lockstep-external-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Connects to {@code connectString} ({@code HOST:PORT[,HOST:PORT...]}, no chroot of its own) and makes this run's
     * root.
     *
     * @throws ConnectionProblem one line, naming no secret, when it cannot: nothing answers, the address is wrong,
     *                           the identity may not create the run's root
     */
    public static ExternalZooKeeper open(String connectString, Credentials credentials, long connectTimeoutMs)
            throws ConnectionProblem, InterruptedException {
        List<String> hosts = hosts(connectString);
        ZooKeeper admin = connect(hosts, connectTimeoutMs);
        try {
            if (hosts.size() > 1) {
                EnsembleMembers.check(hosts);
            }
            credentials.authenticate(admin);
            // With credentials, /lockstep is the caller's too: left open to anyone, anyone could change its ACL and
            // lock every later run out.
            boolean madeBase = create(admin, BASE, credentials.acl(ZooDefs.Ids.OPEN_ACL_UNSAFE), credentials);
            String root = BASE + "/" + UUID.randomUUID().toString().substring(0, 13);
            try {
                create(admin, root, credentials.acl(ZooDefs.Ids.OPEN_ACL_UNSAFE), credentials);
            } catch (ConnectionProblem | RuntimeException e) {
                if (madeBase) {
                    deleteIfEmpty(admin, BASE);
                }
                throw e;
            }
            return new ExternalZooKeeper(hosts, root, credentials, admin, madeBase);
        } catch (ConnectionProblem | InterruptedException | RuntimeException e) {
            admin.close();
            throw e;
        }
    }

    /** Creates a persistent node; true if this call made it, false if it was there. */
    private static boolean create(ZooKeeper admin, String path, List<org.apache.zookeeper.data.ACL> acl,
                                  Credentials credentials) throws ConnectionProblem, InterruptedException {
        try {
            admin.create(path, new byte[0], acl, CreateMode.PERSISTENT);
            return true;
        } catch (KeeperException.NodeExistsException there) {
            return false;
        } catch (KeeperException.NoAuthException e) {
            throw new ConnectionProblem(AccessRefusal.explain(admin, path, credentials));
        } catch (KeeperException.SessionExpiredException e) {
            throw new ConnectionProblem("the session to ZooKeeper expired while creating " + path);
        } catch (KeeperException e) {
            throw new ConnectionProblem("cannot create " + path + " (" + e.code().name().toLowerCase() + ")");
        }
    }

    private static void deleteIfEmpty(ZooKeeper admin, String path) throws InterruptedException {
        try {
            admin.delete(path, -1);
        } catch (KeeperException stillUsedOrGone) {
            // another run's root is in it, or it is gone already: leave it
        }
    }

    /** The hosts of a connect string, each checked as {@code HOST:PORT}. */
    static List<String> hosts(String connectString) throws ConnectionProblem {
        if (connectString == null || connectString.isBlank()) {
            throw new ConnectionProblem("expected HOST:PORT[,HOST:PORT...]");
        }
        if (connectString.contains("/")) {
            throw new ConnectionProblem("'" + connectString + "' has a path: Lockstep chooses the root itself "
                    + "(expected HOST:PORT[,HOST:PORT...])");
        }
        List<String> hosts = new ArrayList<>();
        for (String part : connectString.split(",")) {
            String host = part.strip();
            int colon = host.lastIndexOf(':');
            boolean portOk = colon > 0 && host.substring(colon + 1).matches("[0-9]{1,5}")
                    && Integer.parseInt(host.substring(colon + 1)) > 0
                    && Integer.parseInt(host.substring(colon + 1)) < 65536;
            if (!portOk) {
                throw new ConnectionProblem("'" + host + "' is not HOST:PORT (expected HOST:PORT[,HOST:PORT...])");
            }
            hosts.add(host);
        }
        return List.copyOf(hosts);
    }

    /** The servers, then the run's root as a chroot: {@code HOST:PORT,.../lockstep/<run-id>}. */
    @Override
    public String connectString() {
        return String.join(",", hosts) + root;
    }

    /** Server {@code server} of the connect string, numbered 1..N in the order given: a pinned client's link goes there. */
    @Override
    public String connectStringOf(int server) {
        return hosts.get(server - 1);
    }

    /** Lockstep never stops these servers, and {@link #open} found each serving. */
    @Override
    public boolean isUp(int server) {
        return true;
    }

    /**
     * The server whose {@code srvr} answer says {@code Mode: leader}; 1 for a single server; 0 when none says so (a
     * server refuses {@code srvr}, or the ensemble is electing). Asked now, not waited for: Lockstep starts no election
     * here.
     */
    @Override
    public int awaitLeader() {
        if (hosts.size() == 1) {
            return 1;
        }
        for (int server = 1; server <= hosts.size(); server++) {
            if ("leader".equals(EnsembleMembers.mode(hosts.get(server - 1)))) {
                return server;
            }
        }
        return 0;
    }

    /** The chroot clients put after their own address: the run's root. */
    public String root() {
        return root;
    }

    @Override
    public Credentials credentials() {
        return credentials;
    }

    @Override
    public String chroot() {
        return root;
    }

    @Override
    public boolean isControlled() {
        return false;
    }

    @Override
    public void stop() {
        throw new UnsupportedOperationException("Lockstep does not stop an external ZooKeeper");
    }

    @Override
    public void startAgain() {
        throw new UnsupportedOperationException("Lockstep does not start an external ZooKeeper");
    }

    @Override
    public void restart() {
        throw new UnsupportedOperationException("Lockstep does not restart an external ZooKeeper");
    }

    @Override
    public boolean isRunning() {
        return true;
    }

    /** How many servers the connect string lists. */
    @Override
    public int size() {
        return hosts.size();
    }

    @Override
    public String describe() {
        return "an external ZooKeeper at " + String.join(",", hosts) + ", under " + root;
    }

    /**
     * Deletes the run's root with everything in it, and {@code /lockstep} if this run made it and it is empty. If the
     * run's own session has expired meanwhile (a long break in the network) or its connection is lost, a new session
     * with the same identity does it: the root outlives any session, being persistent.
     */
    @Override
    public synchronized void close() throws InterruptedException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            try {
                removeTheRunsNodes(admin);
            } catch (KeeperException.SessionExpiredException | KeeperException.ConnectionLossException expired) {
                ZooKeeper again;
                try {
                    again = connect(hosts, 10_000);
                } catch (ConnectionProblem gone) {
                    throw new IllegalStateException("could not delete " + root + ": " + gone.getMessage(), expired);
                }
                try {
                    credentials.authenticate(again);
                    removeTheRunsNodes(again);
                } catch (KeeperException e) {
                    throw cannotDelete(e);
                } finally {
                    again.close();
                }
            } catch (KeeperException e) {
                throw cannotDelete(e);
            }
        } finally {
            admin.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // called from the hook itself
            }
        }
    }

    /** The run's own session, for tests that end it as the server would. */
    ZooKeeper session() {
        return admin;
    }

    private void removeTheRunsNodes(ZooKeeper session) throws KeeperException, InterruptedException {
        deleteTree(session, root);
        if (madeBase) {
            deleteIfEmpty(session, BASE);
        }
    }

    /**
     * Deletes {@code path} and everything under it, node by node, while the run's clients may still be at work (a
     * SIGTERM mid-run): a node another session removes meanwhile is simply gone (ZKUtil.deleteRecursive took that
     * NONODE for the root's and left the whole tree behind), and a child created meanwhile is deleted in turn.
     */
    static void deleteTree(ZooKeeper session, String path) throws KeeperException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            List<String> children;
            try {
                children = session.getChildren(path, false);
            } catch (KeeperException.NoNodeException gone) {
                return;
            }
            for (String child : children) {
                deleteTree(session, path + "/" + child);
            }
            try {
                session.delete(path, -1);
                return;
            } catch (KeeperException.NoNodeException gone) {
                return; // removed meanwhile by the session that owned it
            } catch (KeeperException.NotEmptyException added) {
                if (attempt >= 100) {
                    throw added; // clients keep creating: give up rather than loop for ever
                }
            }
        }
    }

    private IllegalStateException cannotDelete(KeeperException e) {
        return new IllegalStateException("could not delete " + root + " (" + e.code().name().toLowerCase() + ")", e);
    }

    /** A session of the run's own (no chroot), once connected; one line if none answers within {@code timeoutMs}. */
    private static ZooKeeper connect(List<String> hosts, long timeoutMs) throws ConnectionProblem, InterruptedException {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper session;
        try {
            session = new ZooKeeper(String.join(",", hosts), 10_000, event -> {
                if (event.getState() == KeeperState.SyncConnected) {
                    connected.countDown();
                }
            });
        } catch (Exception e) {
            throw new ConnectionProblem("cannot connect to " + String.join(",", hosts) + " (" + e.getMessage() + ")");
        } catch (Error e) {
            throw new ConnectionProblem("cannot connect to " + String.join(",", hosts) + " (" + e + ")");
        }
        if (!connected.await(timeoutMs, TimeUnit.MILLISECONDS)) {
            // No session was made, so nothing is left on a server; closing a handle stuck on a silent listener waits
            // out its read timeout (seconds): let it do so on the side.
            Thread closer = new Thread(() -> {
                try {
                    session.close();
                } catch (InterruptedException ending) {
                    Thread.currentThread().interrupt();
                }
            }, "lockstep-external-close");
            closer.setDaemon(true);
            closer.start();
            String listening = hosts.stream().filter(ExternalZooKeeper::acceptsConnections).findFirst().orElse(null);
            if (listening != null) {
                throw new ConnectionProblem("something listens at " + listening + " but did not answer as ZooKeeper "
                        + "within " + timeoutMs + " ms (is it ZooKeeper's client port?)");
            }
            throw new ConnectionProblem("no ZooKeeper answered at " + String.join(",", hosts) + " within "
                    + timeoutMs + " ms (is a server listening there?)");
        }
        return session;
    }

    /** Whether a TCP connection to {@code host} opens: something listens there, ZooKeeper or not. */
    private static boolean acceptsConnections(String host) {
        int colon = host.lastIndexOf(':');
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress(host.substring(0, colon),
                    Integer.parseInt(host.substring(colon + 1))), 1_000);
            return true;
        } catch (java.io.IOException nothing) {
            return false;
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (Exception | Error e) {
            // the JVM is ending: nothing more can be done
        }
    }
}
