package lockstep.algorithms.network;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The bytes of one direction of a proxied connection that were read and not yet written, with a scanner that sees
 * every byte once, as soon as it is read (so a request is known before the server can answer it). Offsets are counted
 * from the start of the stream: {@code received} bytes were read, {@code forwarded} were written, the buffer holds the
 * ones between. The buffer is bounded: while it is full, its source is not read, and TCP pushes back on the sender.
 * Used by the network's one selector thread only.
 */
final class OneWay {

    /** Enough for ZooKeeper's small packets in one read; larger ones stream through. 32 KiB a connection. */
    private static final int CAPACITY = 16 * 1024;

    private final ByteBuffer buffer = ByteBuffer.allocate(CAPACITY);
    private final FrameScanner scanner;
    private long received;
    private long forwarded;
    private boolean ended;

    OneWay(FrameScanner scanner) {
        this.scanner = scanner;
    }

    /** Reads what the source has; marks the direction ended at end of stream. */
    void readFrom(SocketChannel source) throws IOException {
        int start = buffer.position();
        int count = source.read(buffer);
        if (count < 0) {
            ended = true;
            return;
        }
        received += count;
        scanner.scan(buffer.duplicate().flip().position(start));
    }

    /** Writes buffered bytes up to stream offset {@code limit}; returns how many were written. */
    int writeTo(SocketChannel sink, long limit) throws IOException {
        int allowed = (int) (Math.min(received, limit) - forwarded);
        if (allowed <= 0) {
            return 0;
        }
        buffer.flip();
        ByteBuffer slice = buffer.duplicate();
        slice.limit(slice.position() + allowed);
        int written = sink.write(slice);
        buffer.position(buffer.position() + written);
        buffer.compact();
        forwarded += written;
        return written;
    }

    /** The bytes read and not yet written, in order (a copy). */
    byte[] held() {
        byte[] bytes = new byte[(int) (received - forwarded)];
        buffer.duplicate().flip().get(bytes);
        return bytes;
    }

    /**
     * Puts {@code bytes} in place of the bytes read and not yet written: the sink gets them instead, and offsets count
     * the stream as the sink sees it. The scanner saw the bytes as they were read.
     */
    void replaceHeld(byte[] bytes) {
        buffer.clear();
        buffer.put(bytes);
        received = forwarded + bytes.length;
    }

    boolean hasRoom() {
        return buffer.hasRemaining();
    }

    boolean ended() {
        return ended;
    }

    long received() {
        return received;
    }

    long forwarded() {
        return forwarded;
    }

    FrameScanner scanner() {
        return scanner;
    }
}
