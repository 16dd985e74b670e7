package lockstep.algorithms.session;

import java.io.IOException;
import java.util.List;

import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.ClientCnxnSocketWithoutCleanupPause;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

import lockstep.algorithms.network.ReconnectPacing;

/**
 * The session seam: a ZooKeeper handle through which every call a lock client makes passes, for our own engine and for
 * Curator alike (Curator gets it from {@link #factory}). Each synchronous call is reported to a {@link SeamListener}
 * before it leaves (where a scheduler may hold it until its turn) and after the server answered; each watcher is
 * wrapped so that the listener sees every notification before the caller does.
 *
 * <p>ZooKeeper's own overloads call each other ({@code exists(path, boolean)} calls {@code exists(path, Watcher)}):
 * a per-thread guard makes sure one call is reported once, not once per overload. Asynchronous calls would slip past
 * the scheduler; they are refused.
 */
public class ZooKeeperSeam extends ZooKeeper {

    private static final ThreadLocal<Boolean> INSIDE_A_CALL = ThreadLocal.withInitial(() -> false);

    private final String client;
    private final SeamListener listener;
    private volatile Credentials credentials = Credentials.NONE;

    public ZooKeeperSeam(String client, String connectString, int sessionTimeoutMs, Watcher defaultWatcher,
                         SeamListener listener) throws IOException {
        this(client, connectString, sessionTimeoutMs, defaultWatcher, listener, new ZKClientConfig());
    }

    public ZooKeeperSeam(String client, String connectString, int sessionTimeoutMs, Watcher defaultWatcher,
                         SeamListener listener, ZKClientConfig config) throws IOException {
        super(connectString, sessionTimeoutMs, SeamWatcher.wrapDefault(client, defaultWatcher, listener),
                ClientCnxnSocketWithoutCleanupPause.chosenIn(config));
        this.client = client;
        this.listener = listener;
        // ZooKeeper's client waits a random 0-1 s (and a whole second with one server) before each reconnect: after a
        // cut link or a server restart the client is back as soon as the network lets it, and no run waits on timers.
        // And ZooKeeper's socket sleeps 100 ms after closing a broken connection, before anyone hears of it: taken
        // out too (ClientCnxnSocketWithoutCleanupPause), so no fault waits on it.
        ReconnectPacing.immediate(this);
    }

    /** A handle on an existing session (same id and password): used to end that session from the server's side. */
    ZooKeeperSeam(String client, String connectString, int sessionTimeoutMs, Watcher watcher, long sessionId,
                  byte[] password) throws IOException {
        // Without the socket's 100 ms pause too: the handle is closed as soon as it has joined, and a close waits for
        // the send thread's cleanup, so with ZooKeeper's socket every expiry paid that pause once per join.
        super(connectString, sessionTimeoutMs, watcher, sessionId, password, false,
                new org.apache.zookeeper.client.StaticHostProvider(
                        new org.apache.zookeeper.client.ConnectStringParser(connectString).getServerAddresses()),
                ClientCnxnSocketWithoutCleanupPause.chosenIn(new ZKClientConfig()));
        this.client = client;
        this.listener = SeamListener.NONE;
    }

    /**
     * Authenticates the session with {@code identity} and makes every node it creates get the creator-all ACL
     * (nothing changes for {@link Credentials#NONE}). Call it right after construction: the identity is sent with
     * the session's connection, before any call.
     */
    public ZooKeeperSeam authenticated(Credentials identity) {
        this.credentials = identity;
        identity.authenticate(this);
        return this;
    }

    /** A factory for Curator's {@code CuratorFrameworkFactory.builder().zookeeperFactory(...)}. */
    public static org.apache.curator.utils.ZookeeperFactory factory(String client, SeamListener listener) {
        return factory(client, listener, Credentials.NONE);
    }

    /** {@link #factory(String, SeamListener)} for sessions that authenticate with {@code identity}. */
    public static org.apache.curator.utils.ZookeeperFactory factory(String client, SeamListener listener,
                                                                   Credentials identity) {
        return new org.apache.curator.utils.ZookeeperFactory() {
            @Override
            public ZooKeeper newZooKeeper(String connectString, int sessionTimeout, Watcher watcher,
                                          boolean canBeReadOnly) throws IOException {
                return new ZooKeeperSeam(client, connectString, sessionTimeout, watcher, listener)
                        .authenticated(identity);
            }

            @Override
            public ZooKeeper newZooKeeper(String connectString, int sessionTimeout, Watcher watcher,
                                          boolean canBeReadOnly, ZKClientConfig config) throws IOException {
                return new ZooKeeperSeam(client, connectString, sessionTimeout, watcher, listener,
                        config == null ? new ZKClientConfig() : config).authenticated(identity);
            }
        };
    }

    public String client() {
        return client;
    }

    @FunctionalInterface
    private interface Invocation<T> {
        T invoke() throws KeeperException, InterruptedException;
    }

    @FunctionalInterface
    private interface Outcome<T> {
        ZkResult of(T value);
    }

    private <T> T through(ZkCall call, Invocation<T> invocation, Outcome<T> outcome)
            throws KeeperException, InterruptedException {
        if (INSIDE_A_CALL.get()) {
            return invocation.invoke();
        }
        listener.beforeCall(call);
        INSIDE_A_CALL.set(true);
        try {
            T value = invocation.invoke();
            INSIDE_A_CALL.set(false);
            listener.afterCall(call, outcome.of(value));
            return value;
        } catch (KeeperException e) {
            INSIDE_A_CALL.set(false);
            listener.afterCall(call, ZkResult.failed(e.code()));
            throw e;
        } catch (InterruptedException | RuntimeException e) {
            // No answer came: the caller was interrupted or the handle is closed. SYSTEMERROR stands for "no answer".
            INSIDE_A_CALL.set(false);
            listener.afterCall(call, ZkResult.failed(Code.SYSTEMERROR));
            throw e;
        } finally {
            INSIDE_A_CALL.set(false);
        }
    }

    private ZkCall call(ZkOp op, String path, CreateMode mode, boolean watch) {
        return new ZkCall(client, op, path, mode, watch, null);
    }

    private ZkCall call(ZkOp op, String path, Watcher watcher) {
        return new ZkCall(client, op, path, null, watcher != null, watcher);
    }

    private Watcher wrap(Watcher watcher) {
        return SeamWatcher.wrap(client, watcher, listener);
    }

    // ---- create -------------------------------------------------------------------------------------------------

    @Override
    public String create(String path, byte[] data, List<ACL> acl, CreateMode mode)
            throws KeeperException, InterruptedException {
        return through(call(ZkOp.CREATE, path, mode, false), () -> super.create(path, data, credentials.acl(acl), mode),
                created -> new ZkResult(Code.OK, created, null, null));
    }

    @Override
    public String create(String path, byte[] data, List<ACL> acl, CreateMode mode, Stat stat)
            throws KeeperException, InterruptedException {
        return through(call(ZkOp.CREATE, path, mode, false), () -> super.create(path, data, credentials.acl(acl), mode, stat),
                created -> new ZkResult(Code.OK, created, null, stat));
    }

    @Override
    public String create(String path, byte[] data, List<ACL> acl, CreateMode mode, Stat stat, long ttl)
            throws KeeperException, InterruptedException {
        return through(call(ZkOp.CREATE, path, mode, false), () -> super.create(path, data, credentials.acl(acl), mode, stat, ttl),
                created -> new ZkResult(Code.OK, created, null, stat));
    }

    // ---- delete, setData --------------------------------------------------------------------------------------

    @Override
    public void delete(String path, int version) throws InterruptedException, KeeperException {
        through(call(ZkOp.DELETE, path, null, false), () -> {
            super.delete(path, version);
            return Boolean.TRUE;
        }, done -> new ZkResult(Code.OK, null, null, null));
    }

    @Override
    public Stat setData(String path, byte[] data, int version) throws KeeperException, InterruptedException {
        return through(call(ZkOp.SET_DATA, path, null, false), () -> super.setData(path, data, version),
                stat -> new ZkResult(Code.OK, null, null, stat));
    }

    // ---- reads that may leave a watch -----------------------------------------------------------------------------

    @Override
    public Stat exists(String path, Watcher watcher) throws KeeperException, InterruptedException {
        Watcher wrapped = wrap(watcher);
        return through(call(ZkOp.EXISTS, path, watcher), () -> super.exists(path, wrapped),
                ZooKeeperSeam::existsResult);
    }

    @Override
    public Stat exists(String path, boolean watch) throws KeeperException, InterruptedException {
        return through(call(ZkOp.EXISTS, path, null, watch), () -> super.exists(path, watch),
                ZooKeeperSeam::existsResult);
    }

    private static ZkResult existsResult(Stat stat) {
        return stat == null ? ZkResult.failed(Code.NONODE) : new ZkResult(Code.OK, null, null, stat);
    }

    @Override
    public byte[] getData(String path, Watcher watcher, Stat stat) throws KeeperException, InterruptedException {
        Watcher wrapped = wrap(watcher);
        return through(call(ZkOp.GET_DATA, path, watcher), () -> super.getData(path, wrapped, stat),
                data -> new ZkResult(Code.OK, null, null, stat));
    }

    @Override
    public byte[] getData(String path, boolean watch, Stat stat) throws KeeperException, InterruptedException {
        return through(call(ZkOp.GET_DATA, path, null, watch), () -> super.getData(path, watch, stat),
                data -> new ZkResult(Code.OK, null, null, stat));
    }

    @Override
    public List<String> getChildren(String path, Watcher watcher) throws KeeperException, InterruptedException {
        Watcher wrapped = wrap(watcher);
        return through(call(ZkOp.GET_CHILDREN, path, watcher), () -> super.getChildren(path, wrapped),
                children -> new ZkResult(Code.OK, null, List.copyOf(children), null));
    }

    @Override
    public List<String> getChildren(String path, boolean watch) throws KeeperException, InterruptedException {
        return through(call(ZkOp.GET_CHILDREN, path, null, watch), () -> super.getChildren(path, watch),
                children -> new ZkResult(Code.OK, null, List.copyOf(children), null));
    }

    @Override
    public List<String> getChildren(String path, Watcher watcher, Stat stat)
            throws KeeperException, InterruptedException {
        Watcher wrapped = wrap(watcher);
        return through(call(ZkOp.GET_CHILDREN, path, watcher),
                () -> super.getChildren(path, wrapped, stat),
                children -> new ZkResult(Code.OK, null, List.copyOf(children), stat));
    }

    @Override
    public List<String> getChildren(String path, boolean watch, Stat stat)
            throws KeeperException, InterruptedException {
        return through(call(ZkOp.GET_CHILDREN, path, null, watch), () -> super.getChildren(path, watch, stat),
                children -> new ZkResult(Code.OK, null, List.copyOf(children), stat));
    }

    @Override
    public void removeWatches(String path, Watcher watcher, Watcher.WatcherType watcherType, boolean local)
            throws InterruptedException, KeeperException {
        Watcher wrapped = wrap(watcher);
        through(new ZkCall(client, ZkOp.REMOVE_WATCHES, path, null, false, watcher), () -> {
            super.removeWatches(path, wrapped, watcherType, local);
            return Boolean.TRUE;
        }, done -> new ZkResult(Code.OK, null, null, null));
    }

    @Override
    public void removeAllWatches(String path, Watcher.WatcherType watcherType, boolean local)
            throws InterruptedException, KeeperException {
        through(call(ZkOp.REMOVE_WATCHES, path, null, false), () -> {
            super.removeAllWatches(path, watcherType, local);
            return Boolean.TRUE;
        }, done -> new ZkResult(Code.OK, null, null, null));
    }

    // ---- refused: these would pass the scheduler unseen --------------------------------------------------------

    private UnsupportedOperationException bypass(String what) {
        listener.refused(what);
        return new UnsupportedOperationException(what + " would bypass Lockstep's session seam: only synchronous"
                + " create, delete, exists, getData, getChildren, setData and removeWatches pass it");
    }

    @Override
    public List<OpResult> multi(Iterable<Op> ops) {
        throw bypass("multi");
    }

    @Override
    public void create(String path, byte[] data, List<ACL> acl, CreateMode mode, AsyncCallback.StringCallback cb,
                       Object ctx) {
        throw bypass("asynchronous create");
    }

    @Override
    public void create(String path, byte[] data, List<ACL> acl, CreateMode mode, AsyncCallback.Create2Callback cb,
                       Object ctx) {
        throw bypass("asynchronous create");
    }

    @Override
    public void delete(String path, int version, AsyncCallback.VoidCallback cb, Object ctx) {
        throw bypass("asynchronous delete");
    }

    @Override
    public void exists(String path, Watcher watcher, AsyncCallback.StatCallback cb, Object ctx) {
        throw bypass("asynchronous exists");
    }

    @Override
    public void getData(String path, Watcher watcher, AsyncCallback.DataCallback cb, Object ctx) {
        throw bypass("asynchronous getData");
    }

    @Override
    public void getChildren(String path, Watcher watcher, AsyncCallback.ChildrenCallback cb, Object ctx) {
        throw bypass("asynchronous getChildren");
    }

    @Override
    public void getChildren(String path, Watcher watcher, AsyncCallback.Children2Callback cb, Object ctx) {
        throw bypass("asynchronous getChildren");
    }
}
