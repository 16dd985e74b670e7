package lockstep.algorithms.network;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CompletableFuture;

import org.apache.zookeeper.ZooDefs.OpCode;

/**
 * One client connection accepted by a {@link ClientLink}, and its connection on to the server: bytes read from one
 * side are written to the other untouched and in order, while two {@link FrameScanner}s follow the packet headers.
 *
 * <p>Steps: accepted (held: nothing is read while the link is frozen), opened (a non-blocking connect to the link's
 * target), connected (bytes flow both ways while the link is neither cut nor frozen), closed (either side ended or
 * failed, the link was cut, or a reply was dropped on purpose; a client that only stops sending is passed on as
 * such, and the pipe closes when the server ends: both sockets are closed together, so the client sees
 * exactly what a broken TCP connection looks like). Used by the network's one selector thread only.
 *
 * <p>A lost reply: when the link is armed and a create request goes up, its xid becomes this pipe's target; bytes from
 * the server are then forwarded only up to the first byte of the target's reply (a reply whose header is still
 * incomplete is held back, so not even a part of it reaches the client), and the pipe closes there.
 */
final class Pipe implements Selectable {

    /** How long a patient pipe waits before connecting again to a target that refused it. */
    private static final long RETRY_PAUSE_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(20);
    /** Longer than any address text a server's first election message gives of itself. */
    private static final int MAX_ADDRESS_TEXT = 1024;

    private final ClientLink link;
    private final SocketChannel client;
    private final SelectionKey clientKey;
    private final OneWay up = new OneWay(new FrameScanner(FrameScanner.REQUEST_HEADER, this::request));
    private final OneWay down = new OneWay(new FrameScanner(FrameScanner.REPLY_HEADER, this::reply));
    private SocketChannel server;
    private SelectionKey serverKey;
    private boolean connected;
    private boolean closed;
    private boolean halfClosed;
    /** The server's side ended or failed (closed, reset), as opposed to the client's or the link's doing. */
    private boolean serverEnded;
    private final long acceptedAt = System.nanoTime();
    /**
     * The election address this link gives for the connecting server in place of its own
     * ({@link ClientLink#advertiseElectionAddress}), while its first message has not passed; else null.
     */
    private InetSocketAddress advertised;

    private CompletableFuture<LostReply> loss;
    private int lossXid;
    private int lossOpcode;
    private long dropAt = -1;
    private long droppedZxid;
    private int droppedErr;

    Pipe(ClientLink link, SocketChannel client, Selector selector) throws IOException {
        this.link = link;
        this.client = client;
        client.configureBlocking(false);
        client.setOption(StandardSocketOptions.TCP_NODELAY, true);
        this.clientKey = client.register(selector, 0, this);
        this.advertised = link.advertisedElectionAddress();
    }

    /** Connects on to the target unless already done; a refused connection closes the pipe. */
    void open(InetSocketAddress target, Selector selector) {
        if (server != null || closed) {
            return;
        }
        try {
            server = SocketChannel.open();
            server.configureBlocking(false);
            server.setOption(StandardSocketOptions.TCP_NODELAY, true);
            connected = server.connect(target);
            serverKey = server.register(selector, connected ? 0 : SelectionKey.OP_CONNECT, this);
        } catch (IOException e) {
            close();
        }
    }

    @Override
    public void ready(SelectionKey key) {
        try {
            if (key == serverKey && !connected && key.isConnectable()) {
                try {
                    server.finishConnect();
                } catch (java.net.ConnectException refused) {
                    if (tryAgainLater(key.selector())) {
                        return;
                    }
                    throw refused;
                }
                connected = true;
            }
            // A key selected before a freeze or cut took effect must not move bytes after it.
            if (key == clientKey && flowing() && key.isReadable()) {
                up.readFrom(client);
                if (advertised != null) {
                    rewriteGreeting();
                }
            }
            if (key == serverKey && flowing() && !closed && key.isReadable()) {
                try {
                    down.readFrom(server);
                } catch (IOException reset) {
                    serverEnded = true; // a server over its connection limit resets the connection at once
                    throw reset;
                }
            }
            pump();
        } catch (IOException e) {
            close();
        }
    }

    /**
     * After a refused connection to the target: on a patient link, within its patience, drops the failed attempt and
     * connects again a moment later (the client's side stays open and unread meanwhile). Returns whether it will.
     */
    private boolean tryAgainLater(Selector selector) {
        long patience = link.refusalPatienceNanos();
        if (patience <= 0 || System.nanoTime() - acceptedAt > patience) {
            return false;
        }
        serverKey.cancel();
        closeQuietly(server);
        server = null;
        serverKey = null;
        link.network().later(RETRY_PAUSE_NANOS, () -> {
            if (!closed && link.isFlowing()) {
                open(link.targetAddress(), selector);
            }
        });
        return true;
    }

    /** Forwards what may be forwarded, closes when a side ended or a reply is to be lost, then sets interest. */
    void pump() {
        if (closed) {
            return;
        }
        try {
            if (flowing()) {
                link.countToServer(up.writeTo(server, upLimit()));
                link.countToClient(down.writeTo(client, downLimit()));
            }
            if (dropAt >= 0 && down.forwarded() == dropAt) {
                dropReply();
                return;
            }
            if (down.ended() && down.forwarded() == down.received()) {
                // The server closed the connection: so does the client's side, once it has every byte.
                serverEnded = true;
                close();
                return;
            }
            if (up.ended() && up.forwarded() == up.received() && connected && !halfClosed) {
                // The client closed its sending side (a four-letter word does): pass that on, wait for the answer.
                server.shutdownOutput();
                halfClosed = true;
            }
            updateInterest();
        } catch (IOException e) {
            close();
        }
    }

    private boolean flowing() {
        return connected && link.isFlowing();
    }

    /** While the connecting server's first message is to be rewritten and is not complete, nothing goes up. */
    private long upLimit() {
        return advertised != null ? up.forwarded() : Long.MAX_VALUE;
    }

    /**
     * Once the first message a ZooKeeper server sends on another's election port is complete, puts the advertised
     * address in place of the election address it gives of itself (QuorumCnxManager's initial message: protocol
     * version as a negative long, server id as a long, then the length of the address text as an int and the text,
     * {@code HOST:PORT}, several joined by {@code |}). A message of the old form (a non-negative id alone), an
     * unreasonable length, or a client that ends first passes as it is.
     */
    private void rewriteGreeting() throws IOException {
        byte[] held = up.held();
        if (up.ended()) {
            advertised = null;
            return;
        }
        if (held.length < Long.BYTES) {
            return;
        }
        ByteBuffer in = ByteBuffer.wrap(held);
        long version = in.getLong();
        if (version >= 0) {
            advertised = null;
            return;
        }
        int headerLength = 2 * Long.BYTES + Integer.BYTES;
        if (held.length < headerLength) {
            return;
        }
        long sid = in.getLong();
        int length = in.getInt();
        if (length <= 0 || length > MAX_ADDRESS_TEXT) {
            advertised = null;
            return;
        }
        if (held.length < headerLength + length) {
            return;
        }
        byte[] address = LoopbackNetwork.hostPort(advertised).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        ByteBuffer out = ByteBuffer.allocate(held.length - length + address.length);
        out.putLong(version).putLong(sid).putInt(address.length).put(address)
                .put(held, headerLength + length, held.length - headerLength - length);
        up.replaceHeld(out.array());
        advertised = null;
    }

    private long downLimit() {
        if (dropAt >= 0) {
            return dropAt;
        }
        // While a create's reply is awaited, a packet whose header is incomplete could be that reply: hold it back.
        return loss != null ? down.scanner().safeEnd() : Long.MAX_VALUE;
    }

    private void updateInterest() {
        boolean flowing = flowing();
        int clientOps = 0;
        int serverOps = 0;
        if (flowing && !up.ended() && up.hasRoom()) {
            clientOps |= SelectionKey.OP_READ;
        }
        if (flowing && down.forwarded() < Math.min(down.received(), downLimit())) {
            clientOps |= SelectionKey.OP_WRITE;
        }
        if (flowing && !down.ended() && down.hasRoom() && dropAt < 0) {
            serverOps |= SelectionKey.OP_READ;
        }
        if (flowing && up.forwarded() < Math.min(up.received(), upLimit())) {
            serverOps |= SelectionKey.OP_WRITE;
        }
        clientKey.interestOps(clientOps);
        if (serverKey != null) {
            serverKey.interestOps(connected ? serverOps : SelectionKey.OP_CONNECT);
        }
    }

    private void request(long start, ByteBuffer header) {
        int xid = header.getInt(0);
        int type = header.getInt(4);
        if (loss == null && isCreate(type)) {
            CompletableFuture<LostReply> armed = link.takeArmedLoss();
            if (armed != null) {
                loss = armed;
                lossXid = xid;
                lossOpcode = type;
            }
        }
    }

    private void reply(long start, ByteBuffer header) {
        if (loss != null && dropAt < 0 && header.getInt(0) == lossXid) {
            dropAt = start;
            droppedZxid = header.getLong(4);
            droppedErr = header.getInt(12);
        }
    }

    private static boolean isCreate(int type) {
        return type == OpCode.create || type == OpCode.create2 || type == OpCode.createContainer
                || type == OpCode.createTTL;
    }

    private void dropReply() {
        CompletableFuture<LostReply> lost = loss;
        loss = null;
        close();
        lost.complete(new LostReply(link.client(), lossXid, lossOpcode, droppedZxid, droppedErr));
    }

    /** Closes both sockets; a loss armed on this pipe and not yet taken effect goes back to the link. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeQuietly(client);
        if (server != null) {
            closeQuietly(server);
        }
        if (loss != null) {
            link.rearmLoss(loss);
            loss = null;
        }
        link.closed(this, serverEnded && down.received() == 0);
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Closing a socket that already failed: nothing more to undo.
        }
    }
}
