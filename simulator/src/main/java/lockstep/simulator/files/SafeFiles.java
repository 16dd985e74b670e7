package lockstep.simulator.files;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one way Lockstep writes a file (traces, exports, charts, scenarios, PNGs, GIFs): the whole content goes to a
 * temporary file beside the target, is forced to disk, then renamed over the target in one step.
 *
 * <p>Guarantees: a reader never sees half a file; a target that exists and is not a regular file (a device node, a
 * pipe, a socket, a directory) or is read-only is refused, left exactly as it was, and named in one line; a regular
 * file that is replaced keeps its permissions; a write that fails (no space, a read-only or immutable place) removes
 * its temporary file and says why in one line ({@link CannotWrite}, exit code 2 in the CLI); so does a JVM stopped by
 * SIGTERM or SIGINT mid-write (a shutdown hook removes every temporary file still open). A target the user named
 * with {@code --force} ({@link #mayReplace}) is replaced even when it is a device, a pipe or read-only (never a
 * directory): the new file takes its name, and a read-only regular file's mode stays.
 */
public final class SafeFiles {

    /** What writes the content: it is handed the temporary file (empty, created) to fill. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Path temporary) throws IOException;
    }

    private static final AtomicLong TEMP_FILES = new AtomicLong();
    /** Temporary files being written now: what the shutdown hook removes when the JVM is stopped mid-write. */
    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();
    /** Targets the user allowed to replace ({@code --force}): as absolute paths, never normalized. */
    private static final Set<Path> REPLACEABLE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SafeFiles::removeOpen, "lockstep-temp-files"));
    }

    private SafeFiles() {
    }

    /** Writes {@code text} as UTF-8 to {@code file}. */
    public static void writeString(Path file, String text) throws IOException {
        writeBytes(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code bytes} to {@code file}. */
    public static void writeBytes(Path file, byte[] bytes) throws IOException {
        write(file, temporary -> Files.write(temporary, bytes, StandardOpenOption.TRUNCATE_EXISTING));
    }

    /**
     * Writes {@code file} through {@code content}: refused (a {@link CannotWrite}) when {@link #problem} names one,
     * otherwise written to a temporary file and renamed into place; on any failure the temporary file is removed and
     * the target is as it was.
     */
    public static void write(Path file, Content content) throws IOException {
        String refused = problem(file);
        if (refused != null) {
            throw new CannotWrite(file + ": " + refused, null);
        }
        Path target = file.toAbsolutePath();
        // Own temp name rather than Files.createTempFile, whose owner-only permissions would pass on to the file.
        Path temporary = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
                + TEMP_FILES.incrementAndGet() + ".part");
        OPEN.add(temporary);
        try {
            Files.createFile(temporary);
            content.writeTo(temporary);
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                // On disk before the rename, so a crash cannot leave the name pointing at an empty file.
                channel.force(true);
            }
            keepPermissions(target, temporary);
            move(temporary, target);
        } catch (CannotWrite e) {
            throw e;
        } catch (IOException | UncheckedIOException e) {
            IOException io = e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e;
            throw new CannotWrite(file + ": " + text("write.failed", cause(io)), io);
        } finally {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException stillThere) {
                // Nothing more to do: the shutdown hook tries once more, and the original failure is the one to report.
            }
            OPEN.remove(temporary);
        }
    }

    /**
     * Allows {@code file} to be replaced although it is not a regular file or is read-only, as {@code --force} asks:
     * {@link #problem} and {@link #write} no longer refuse it for that (a directory, or a directory that is missing or
     * not writable, still is).
     */
    public static void mayReplace(Path file) {
        REPLACEABLE.add(file.toAbsolutePath());
    }

    /**
     * What is wrong with {@code file} as a file to write, one line in the current language without the file's name,
     * or null when nothing is: a directory; a missing directory or one we may not write in (the path as the system
     * resolves it, never normalized: {@code missing/../x} is refused as the shell refuses it); an existing target that
     * is not a regular file (a device node, a pipe, a socket); a read-only file (not writable by us, or with no write
     * permission for anyone: refused even for root, as {@code rm} asks first).
     */
    public static String problem(Path file) {
        if (Files.isDirectory(file)) {
            return text("write.isADirectory");
        }
        Path directory = file.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            return text("write.noSuchDirectory", directory);
        }
        if (!Files.isWritable(directory)) {
            return text("write.cannotWriteIn", directory);
        }
        boolean forced = REPLACEABLE.contains(file.toAbsolutePath());
        if (!forced && (Files.exists(file, LinkOption.NOFOLLOW_LINKS) || Files.exists(file))) {
            if (!Files.isRegularFile(file)) {
                return text("write.notARegularFile");
            }
            if (readOnly(file)) {
                return text("write.readOnly");
            }
        }
        return null;
    }

    /** The cause of a failed write in a few words: the system's reason ("No space left on device"), else the type. */
    public static String cause(IOException e) {
        String reason = e instanceof FileSystemException system ? system.getReason() : e.getMessage();
        if (reason == null || reason.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return reason.strip().replaceAll("\\s+", " ");
    }

    private static boolean readOnly(Path file) {
        if (!Files.isWritable(file)) {
            return true;
        }
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            return !permissions.contains(PosixFilePermission.OWNER_WRITE)
                    && !permissions.contains(PosixFilePermission.GROUP_WRITE)
                    && !permissions.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (UnsupportedOperationException | IOException notPosix) {
            return false; // Files.isWritable has answered already
        }
    }

    /** A file that is replaced keeps its mode: the rename would otherwise give it the new file's. */
    private static void keepPermissions(Path target, Path temporary) throws IOException {
        if (!Files.isRegularFile(target)) {
            return;
        }
        try {
            Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(target));
        } catch (UnsupportedOperationException notPosix) {
            // No POSIX modes to keep on this file system.
        }
    }

    private static void move(Path temporary, Path target) throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void removeOpen() {
        for (Path temporary : OPEN) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException | RuntimeException ignored) {
                // The JVM is stopping: a file that cannot be removed now cannot be reported either.
            }
        }
    }
}
