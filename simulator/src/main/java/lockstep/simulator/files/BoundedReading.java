package lockstep.simulator.files;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import lockstep.simulator.BadInputException;

/**
 * The one way Lockstep reads a file a user names (a scenario, a trace): bounded before any parsing, so no input can
 * take the memory or the time of the machine.
 *
 * <p>Guarantees: only a regular file is opened (a pipe, a FIFO with no writer, a device such as {@code /dev/zero} is
 * refused by name, never read, so nothing blocks); at most {@link Limits#maxBytes} bytes are read (a file that grows
 * meanwhile is refused as well); no line is longer than {@link Limits#maxLineBytes}; each refusal is one line
 * {@code FILE:LINE:COLUMN: what is wrong (what was expected)}, quick and with memory in proportion to the limit.
 *
 * @see Limits#SCENARIO
 * @see Limits#TRACE
 */
public final class BoundedReading {

    /**
     * How much of one kind of file is read.
     *
     * @param maxBytes     the largest file read
     * @param maxLineBytes the longest line (without its newline)
     * @param kindKey      the message key naming the kind of file ("a scenario file")
     */
    public record Limits(long maxBytes, int maxLineBytes, String kindKey) {

        /** A scenario: the largest built-in is a few KiB; a generated one of 1,000 clients stays far below. */
        public static final Limits SCENARIO = new Limits(1L << 20, 10_000, "read.aScenario");

        /**
         * A trace: a run of thousands of clients and events stays below it; a line is one event, and the longest
         * (the run-started event naming 1,000 clients, a listing of as many children) is below 1 MiB.
         */
        public static final Limits TRACE = new Limits(64L << 20, 1 << 20, "read.aTrace");
    }

    private BoundedReading() {
    }

    /**
     * The bytes of {@code file}, checked against {@code limits}; {@code source} is FILE in messages. A missing or
     * unreadable file, a directory, and everything {@link Limits} bounds, is a {@link BadInputException}.
     */
    public static byte[] read(Path file, String source, Limits limits) throws BadInputException {
        if (Files.isDirectory(file)) {
            throw new BadInputException(source, 1, 1, text("file.isADirectory"));
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new BadInputException(source, 1, 1, text("read.notARegularFile", text(limits.kindKey())));
        }
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > limits.maxBytes()) {
                throw tooLarge(source, size, limits);
            }
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limits.maxBytes() + 1));
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, 1, 1, text("file.noSuchFile"));
        } catch (AccessDeniedException e) {
            throw new BadInputException(source, 1, 1, text("file.permissionDenied"));
        } catch (IOException e) {
            throw new BadInputException(source, 1, 1, text("file.cannotRead", SafeFiles.cause(e)));
        }
        if (bytes.length > limits.maxBytes()) {
            throw tooLarge(source, bytes.length, limits);
        }
        checkLines(bytes, source, limits);
        return bytes;
    }

    /** Refuses text whose lines are longer than the limit; for text that does not come from a file. */
    public static void checkLines(String text, String source, Limits limits) throws BadInputException {
        int line = 1;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i - start > limits.maxLineBytes()) {
                    throw lineTooLong(source, line, limits);
                }
                line++;
                start = i + 1;
            }
        }
    }

    private static void checkLines(byte[] bytes, String source, Limits limits) throws BadInputException {
        int line = 1;
        int start = 0;
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                if (i - start > limits.maxLineBytes()) {
                    throw lineTooLong(source, line, limits);
                }
                line++;
                start = i + 1;
            }
        }
    }

    private static BadInputException tooLarge(String source, long size, Limits limits) {
        return new BadInputException(source, 1, 1, text("read.tooLarge", size, limits.maxBytes(),
                text(limits.kindKey())));
    }

    private static BadInputException lineTooLong(String source, int line, Limits limits) {
        return new BadInputException(source, line, limits.maxLineBytes() + 1, text("read.lineTooLong",
                limits.maxLineBytes(), text(limits.kindKey())));
    }
}
