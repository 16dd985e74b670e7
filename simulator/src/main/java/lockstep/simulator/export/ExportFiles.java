package lockstep.simulator.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes an export: the whole text to a temporary file beside the target, then one atomic rename, so a reader (or an
 * export that fails half-way) never sees half a file.
 */
public final class ExportFiles {

    private static final AtomicLong TEMP_FILES = new AtomicLong();

    private ExportFiles() {
    }

    /** Writes {@code text} as UTF-8 to {@code file}, replacing it atomically. */
    public static void write(Path file, String text) throws IOException {
        Path target = file.toAbsolutePath();
        // Own temp name rather than Files.createTempFile, whose owner-only permissions would pass on to the export.
        Path temp = target.getParent().resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
                + TEMP_FILES.incrementAndGet() + ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
