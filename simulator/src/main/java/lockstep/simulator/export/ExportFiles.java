package lockstep.simulator.export;

import java.io.IOException;
import java.nio.file.Path;

import lockstep.simulator.files.SafeFiles;

/**
 * Writes an export through {@link SafeFiles}: the whole text to a temporary file beside the target, then one atomic
 * rename, so a reader (or an export that fails half-way) never sees half a file, and a device, a pipe or a read-only
 * file is refused rather than replaced.
 */
public final class ExportFiles {

    private ExportFiles() {
    }

    /** Writes {@code text} as UTF-8 to {@code file}, replacing it atomically. */
    public static void write(Path file, String text) throws IOException {
        SafeFiles.writeString(file, text);
    }
}
