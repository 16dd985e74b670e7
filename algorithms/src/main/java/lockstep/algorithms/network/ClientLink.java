package lockstep.algorithms.network;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client's own way to the server: a listening socket on 127.0.0.1 (never another address) that forwards every
 * connection it accepts to the target server, byte for byte. The client connects with {@link #connectString()}
 * instead of the server's; what the link does to those bytes is what the client's network does.
 *
 * <p>Every operation returns only once it has taken effect on the network's selector thread, so a caller never
 * sleeps: after {@link #cut()} the client's connections are closed; after {@link #freeze()} no further byte moves. What
 * the ZooKeeper client then notices (Disconnected, a connection loss) it notices by itself, and a caller awaits that
 * event. The link knows nothing of sessions: a session survives a cut exactly as long as the server lets it.
 *
 * <ul>
 *   <li>{@link #cut()}: closes the client's connections and refuses new ones (each is accepted and closed at once, as
 *       a refused connection, so calls fail with a connection loss instead of hanging) until {@link #restore()}.</li>
 *   <li>{@link #freeze()}: stops forwarding in both directions and keeps the sockets open; bytes wait in the socket
 *       buffers and connections accepted meanwhile wait unopened; {@link #thaw()} forwards all of it, in order.</li>
 *   <li>{@link #loseNextCreateReply()}: the next create request (opcodes create, create2, createContainer,
 *       createTTL) reaches the server; where its reply would reach the client the connection breaks instead.</li>
 *   <li>{@link #retarget(String)}: connections accepted from now on go to another server.</li>
 * </ul>
 */
public final class ClientLink implements AutoCloseable {

    private final LoopbackNetwork network;
    private final Selector selector;
    private final String client;
    private final ServerSocketChannel listener;
    private final InetSocketAddress address;
    private final List<Pipe> pipes = new ArrayList<>();
    private final AtomicLong bytesToServer = new AtomicLong();
    private final AtomicLong bytesToClient = new AtomicLong();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger repliesLost = new AtomicInteger();
    /** Connections the server ended before it sent a byte (a server over its limit of connections per host does). */
    private final AtomicInteger endedUnanswered = new AtomicInteger();
    private final CompletableFuture<Void> serverEndsUnanswered = new CompletableFuture<>();
    private volatile InetSocketAddress target;
    private volatile boolean cut;
    private volatile boolean frozen;
    private volatile boolean closed;
    private volatile long refusalPatienceNanos;
    private volatile InetSocketAddress advertisedElectionAddress;
    private CompletableFuture<LostReply> loss;
    private boolean armed;

    ClientLink(LoopbackNetwork network, Selector selector, String client, InetSocketAddress target)
            throws IOException {
        this.network = network;
        this.selector = selector;
        this.client = client;
        this.target = target;
        this.listener = ServerSocketChannel.open();
        listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        listener.bind(new InetSocketAddress(InetAddress.getByName(LoopbackNetwork.LOOPBACK), 0), 64);
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT, new Acceptor());
        this.address = (InetSocketAddress) listener.getLocalAddress();
    }

    /** The client this link belongs to. */
    public String client() {
        return client;
    }

    /** {@code 127.0.0.1:PORT}: what the client gives ZooKeeper as its connect string. */
    public String connectString() {
        return LoopbackNetwork.LOOPBACK + ":" + address.getPort();
    }

    /** The listening address (always on 127.0.0.1). */
    public InetSocketAddress address() {
        return address;
    }

    /** {@code HOST:PORT} of the server new connections go to. */
    public String target() {
        return LoopbackNetwork.hostPort(target);
    }

    /**
     * Makes a connection the target refuses wait and try again, for up to {@code patience} after it was accepted,
     * instead of closing at once. Without a proxy a connection to a port nobody listens on yet is refused, and the
     * caller can tell that from a connection that broke; through the proxy it would see an accepted connection end.
     * A ZooKeeper follower that reaches a new leader a moment before the leader listens gives up following on such an
     * end and starts a new election, which then waits out the leader's whole {@code initLimit}. Peer links, which
     * carry exactly that connection, are patient; clients' links are not (a client retries by itself either way).
     */
    public void retryRefusedConnections(java.time.Duration patience) {
        refusalPatienceNanos = patience.toNanos();
    }

    /**
     * For a link to a ZooKeeper server's election port: in the first message of each connection, where the connecting
     * server gives its own election address, the link gives {@code address} instead (the link the other way, between
     * the same two servers). The server reached calls back at the address it was given, not at the one in its
     * configuration: two servers keep one election connection, the one the higher id opens, so when the lower id
     * connects, the higher closes that connection and connects to the address in its first message
     * (QuorumCnxManager.handleConnection). With the server's own address there, that connection would bypass every
     * link, and a partition that cuts the links would leave the two servers exchanging votes.
     */
    public void advertiseElectionAddress(InetSocketAddress address) {
        advertisedElectionAddress = address;
    }

    InetSocketAddress advertisedElectionAddress() {
        return advertisedElectionAddress;
    }

    long refusalPatienceNanos() {
        return refusalPatienceNanos;
    }

    LoopbackNetwork network() {
        return network;
    }

    /** Closes the client's connections and refuses new ones until {@link #restore()}. */
    public void cut() {
        network.run(() -> {
            cut = true;
            for (Pipe pipe : List.copyOf(pipes)) {
                pipe.close();
            }
        });
    }

    /** Accepts connections again: the client's next attempt reaches the server. */
    public void restore() {
        network.run(() -> {
            cut = false;
            resumePipes();
        });
    }

    /** Stops every byte in both directions, keeping the sockets open. */
    public void freeze() {
        network.run(() -> {
            frozen = true;
            for (Pipe pipe : List.copyOf(pipes)) {
                pipe.pump();
            }
        });
    }

    /** Forwards everything held while frozen, in order, and lets bytes flow again. */
    public void thaw() {
        network.run(() -> {
            frozen = false;
            resumePipes();
        });
    }

    /**
     * Arms the link: the next create request the client sends goes to the server, and the server's reply to it is
     * dropped by breaking the connection (the create was applied; the client sees a connection loss and reconnects
     * with its session). Returns once armed; the future completes when the reply has been dropped. Arming again
     * before that returns the same future. If the connection breaks for another reason first, the link stays armed
     * for the next create. The future is completed on the network's thread: actions chained to it without
     * {@code ...Async} run there and must not block. Creates inside a {@code multi} are not recognised.
     */
    public CompletableFuture<LostReply> loseNextCreateReply() {
        return network.call(() -> {
            if (loss == null || loss.isDone()) {
                loss = new CompletableFuture<>();
                loss.thenRun(repliesLost::incrementAndGet);
                armed = true;
            }
            return loss;
        });
    }

    /** Connections accepted from now on go to {@code hostPort} (a loopback address); open ones stay where they are. */
    public void retarget(String hostPort) {
        InetSocketAddress next = LoopbackNetwork.loopbackAddress(hostPort);
        network.run(() -> target = next);
    }

    /**
     * {@link #retarget} to a server Lockstep did not start ({@code --connect}), which may be on another machine: the
     * link itself still listens on 127.0.0.1 only.
     */
    public void retargetToExternal(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        InetSocketAddress next = new InetSocketAddress(hostPort.substring(0, colon),
                Integer.parseInt(hostPort.substring(colon + 1)));
        network.run(() -> target = next);
    }

    public boolean isCut() {
        return cut;
    }

    public boolean isFrozen() {
        return frozen;
    }

    /** Bytes written to the server so far, over all connections. */
    public long bytesToServer() {
        return bytesToServer.get();
    }

    /** Bytes written to the client so far, over all connections. */
    public long bytesToClient() {
        return bytesToClient.get();
    }

    /** Connections the client opened to this link so far, refused ones included. */
    public int connectionsAccepted() {
        return accepted.get();
    }

    /** Connections refused (accepted and closed at once) because the link was cut. */
    public int connectionsRefused() {
        return refused.get();
    }

    /** Client connections open right now (forwarding or held). */
    public int openConnections() {
        return open.get();
    }

    /**
     * How many connections the server ended before it answered a single byte that are taken for a refusal: the
     * client library tries again at once, so a server that refuses every connection (one over its limit of
     * connections per host, ZooKeeper's {@code maxClientCnxns}) shows after two.
     */
    public static final int ENDED_UNANSWERED_TO_REFUSE = 2;

    /**
     * Completes once the server has ended {@link #ENDED_UNANSWERED_TO_REFUSE} of this link's connections before
     * answering anything: a server that serves others (and not a broken network) refuses this client's connections.
     */
    public CompletableFuture<Void> serverEndsConnectionsUnanswered() {
        return serverEndsUnanswered;
    }

    /** Replies dropped on purpose so far. */
    public int repliesLost() {
        return repliesLost.get();
    }

    /** Closes the listening socket and every connection; an armed loss that never happened fails. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        network.runIfOpen(this::closeNow);
        network.forget(this);
    }

    void closeNow() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            // The listening socket is gone either way.
        }
        for (Pipe pipe : List.copyOf(pipes)) {
            pipe.close();
        }
        if (loss != null) {
            loss.completeExceptionally(new IllegalStateException("the link of " + client + " was closed"));
        }
    }

    boolean isFlowing() {
        return !cut && !frozen;
    }

    InetSocketAddress targetAddress() {
        return target;
    }

    /** The listening socket's handler on the selector thread: each connection it accepts becomes a {@link Pipe}. */
    private final class Acceptor implements Selectable {

        @Override
        public void ready(SelectionKey key) {
            acceptAll();
        }

        @Override
        public void close() {
            closeNow();
            network.forget(ClientLink.this);
        }
    }

    private void acceptAll() {
        SocketChannel channel;
        while ((channel = acceptOne()) != null) {
            accepted.incrementAndGet();
            try {
                if (cut) {
                    refused.incrementAndGet();
                    channel.close();
                    continue;
                }
                Pipe pipe = new Pipe(this, channel, selector);
                pipes.add(pipe);
                open.incrementAndGet();
                if (isFlowing()) {
                    pipe.open(target, selector);
                }
                pipe.pump();
            } catch (IOException e) {
                // A connection that failed while being set up is the client's to retry; the listener stays.
                closeQuietly(channel);
            }
        }
    }

    private SocketChannel acceptOne() {
        try {
            return listener.accept();
        } catch (IOException e) {
            return null;
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Already failed: nothing more to undo.
        }
    }

    private void resumePipes() {
        for (Pipe pipe : List.copyOf(pipes)) {
            if (isFlowing()) {
                pipe.open(target, selector);
            }
            pipe.pump();
        }
    }

    /** The armed loss for a pipe that just saw a create go up, or null; a loss is taken by one pipe at a time. */
    CompletableFuture<LostReply> takeArmedLoss() {
        if (!armed) {
            return null;
        }
        armed = false;
        return loss;
    }

    /** A pipe closed before the reply came: the next create, on whichever connection, is the one. */
    void rearmLoss(CompletableFuture<LostReply> pending) {
        if (pending == loss && !closed && !loss.isDone()) {
            armed = true;
        }
    }

    void closed(Pipe pipe, boolean unanswered) {
        if (pipes.remove(pipe)) {
            open.decrementAndGet();
        }
        if (unanswered && endedUnanswered.incrementAndGet() >= ENDED_UNANSWERED_TO_REFUSE) {
            serverEndsUnanswered.complete(null);
        }
    }

    void countToServer(int bytes) {
        bytesToServer.addAndGet(bytes);
    }

    void countToClient(int bytes) {
        bytesToClient.addAndGet(bytes);
    }
}
