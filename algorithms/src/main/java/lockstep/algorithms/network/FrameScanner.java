package lockstep.algorithms.network;

import java.nio.ByteBuffer;

/**
 * Follows one direction of a ZooKeeper connection and reports the header of every packet, without changing a byte.
 *
 * <p>ZooKeeper frames every packet as a 4-byte big-endian length followed by that many bytes of body. The first packet
 * each way is the connect handshake (ConnectRequest, ConnectResponse), which has no header; every later packet starts
 * with a fixed header: {@code RequestHeader(int xid, int type)} from the client, {@code ReplyHeader(int xid, long zxid,
 * int err)} from the server. Steps, for the bytes of each read in order: collect the length prefix, collect the
 * header (skipped for the handshake), report it with the stream offset where its packet starts, skip the rest of the
 * body. Packets may be split across reads anywhere, even inside the length prefix; the scanner keeps only the few
 * bytes of the header it is collecting.
 *
 * <p>A stream that is not ZooKeeper's (a four-letter word such as {@code ruok}) reads as one huge packet or a negative
 * length; the scanner then stops reporting and the bytes still flow.
 */
final class FrameScanner {

    /** Receives each packet's header; the buffer holds exactly the header bytes (read it with absolute gets). */
    interface Listener {
        void packet(long start, ByteBuffer header);
    }

    static final int REQUEST_HEADER = 8;
    static final int REPLY_HEADER = 16;
    private static final int LENGTH_PREFIX = 4;

    private final int headerLength;
    private final Listener listener;
    private final ByteBuffer head;
    private boolean handshake = true;
    private boolean lost;
    private long position;
    private long packetStart;
    private long packetEnd = -1;
    private boolean headerSeen;

    FrameScanner(int headerLength, Listener listener) {
        this.headerLength = headerLength;
        this.listener = listener;
        this.head = ByteBuffer.allocate(LENGTH_PREFIX + headerLength);
    }

    /** Scans the remaining bytes of {@code bytes} (its position moves to its limit). */
    void scan(ByteBuffer bytes) {
        while (bytes.hasRemaining()) {
            if (lost) {
                position += bytes.remaining();
                bytes.position(bytes.limit());
                return;
            }
            if (packetEnd < 0) {
                take(bytes, LENGTH_PREFIX - head.position());
                if (head.position() == LENGTH_PREFIX) {
                    int length = head.getInt(0);
                    if (length < 0) {
                        lost = true;
                    }
                    packetEnd = packetStart + LENGTH_PREFIX + length;
                }
                continue;
            }
            if (!headerSeen) {
                long wanted = handshake ? 0 : Math.min(headerLength, packetEnd - packetStart - LENGTH_PREFIX);
                take(bytes, (int) (wanted - (head.position() - LENGTH_PREFIX)));
                if (head.position() - LENGTH_PREFIX == wanted) {
                    headerSeen = true;
                    if (wanted == headerLength) {
                        listener.packet(packetStart, head.duplicate().position(LENGTH_PREFIX).slice());
                    }
                }
                continue;
            }
            int skip = (int) Math.min(bytes.remaining(), packetEnd - position);
            bytes.position(bytes.position() + skip);
            position += skip;
            if (position == packetEnd) {
                packetStart = packetEnd;
                packetEnd = -1;
                headerSeen = false;
                handshake = false;
                head.clear();
            }
        }
    }

    private void take(ByteBuffer bytes, int count) {
        int n = Math.min(count, bytes.remaining());
        for (int i = 0; i < n; i++) {
            head.put(bytes.get());
        }
        position += n;
    }

    /**
     * The offset up to which the scanned bytes may be forwarded without sending part of a packet whose header has not
     * been seen yet: the start of such a packet, or everything scanned.
     */
    long safeEnd() {
        boolean headerPending = !lost && !handshake && !headerSeen && position > packetStart;
        return headerPending ? packetStart : position;
    }

    /** Bytes scanned so far. */
    long position() {
        return position;
    }
}
