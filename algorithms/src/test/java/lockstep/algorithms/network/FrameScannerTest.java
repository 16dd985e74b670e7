package lockstep.algorithms.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The scanner finds every packet header wherever the stream is split, and never holds back more than one packet. */
class FrameScannerTest {

    private record Seen(long start, int xid, int type) {
    }

    private static byte[] packet(int bodyLength, int xid, int type) {
        ByteBuffer packet = ByteBuffer.allocate(4 + bodyLength);
        packet.putInt(bodyLength);
        if (bodyLength >= 8) {
            packet.putInt(xid).putInt(type);
        }
        return packet.array();
    }

    /** A connect handshake of 20 bytes, then three requests of different sizes, the last one empty-bodied. */
    private static byte[] stream() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(packet(20, 99, 99));
        out.writeBytes(packet(8, 1, 15));
        out.writeBytes(packet(40, 2, 4));
        out.writeBytes(packet(0, 0, 0));
        out.writeBytes(packet(12, 3, 1));
        return out.toByteArray();
    }

    private static final List<Seen> EXPECTED = List.of(new Seen(24, 1, 15), new Seen(36, 2, 4), new Seen(84, 3, 1));

    @Test
    void findsEveryRequestHeaderWhereverTheStreamIsSplit() {
        byte[] bytes = stream();
        for (int split = 0; split <= bytes.length; split++) {
            for (int second = split; second <= bytes.length; second++) {
                List<Seen> seen = new ArrayList<>();
                FrameScanner scanner = new FrameScanner(FrameScanner.REQUEST_HEADER,
                        (start, header) -> seen.add(new Seen(start, header.getInt(0), header.getInt(4))));
                scanner.scan(ByteBuffer.wrap(bytes, 0, split));
                scanner.scan(ByteBuffer.wrap(bytes, split, second - split));
                scanner.scan(ByteBuffer.wrap(bytes, second, bytes.length - second));
                assertEquals(EXPECTED, seen, "split at " + split + " and " + second);
                assertEquals(bytes.length, scanner.position());
            }
        }
    }

    @Test
    void holdsBackOnlyAPacketWhoseHeaderIsIncomplete() {
        byte[] bytes = stream();
        FrameScanner scanner = new FrameScanner(FrameScanner.REQUEST_HEADER, (start, header) -> { });
        scanner.scan(ByteBuffer.wrap(bytes, 0, 10));
        assertEquals(10, scanner.safeEnd(), "the handshake has no header to wait for");
        scanner.scan(ByteBuffer.wrap(bytes, 10, 20));
        assertEquals(24, scanner.safeEnd(), "the first request's header is not complete yet");
        scanner.scan(ByteBuffer.wrap(bytes, 30, 6));
        assertEquals(36, scanner.safeEnd());
        scanner.scan(ByteBuffer.wrap(bytes, 36, 2));
        assertEquals(36, scanner.safeEnd());
    }

    @Test
    void aStreamThatIsNotZooKeepersIsScannedWithoutReports() {
        List<Long> starts = new ArrayList<>();
        FrameScanner scanner = new FrameScanner(FrameScanner.REPLY_HEADER, (start, header) -> starts.add(start));
        byte[] garbage = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xf0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        scanner.scan(ByteBuffer.wrap(garbage));
        assertEquals(List.of(), starts);
        assertEquals(garbage.length, scanner.safeEnd());
    }
}
