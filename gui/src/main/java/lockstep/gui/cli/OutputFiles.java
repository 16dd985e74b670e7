package lockstep.gui.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import lockstep.simulator.files.SafeFiles;

/**
 * Checks an image file a command is about to write, before any work: its name ends in the format's suffix (the bytes
 * written are that format, so {@code x.jpg} would be a lie) and its directory exists (nothing is created behind the
 * user's back: a typo in a path is an error, not a new directory).
 */
final class OutputFiles {

    private OutputFiles() {
    }

    /** What is wrong with {@code file} as the value of {@code option}, one line, or null when nothing is. */
    static String problem(String option, Path file, String suffix) {
        if (Files.isDirectory(file)) {
            return option + ": " + file + " is a directory (a file to write)";
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (!name.toLowerCase(Locale.ROOT).endsWith(suffix) || name.length() == suffix.length()) {
            return option + ": " + file + " does not end in " + suffix + " (a file name ending in " + suffix + ": only "
                    + suffix.substring(1).toUpperCase(Locale.ROOT) + " is written)";
        }
        Path directory = file.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            return option + ": no such directory: " + directory + " (a file in an existing directory)";
        }
        if (!Files.isWritable(directory)) {
            return option + ": cannot write in " + directory + " (a file in a directory you may write to)";
        }
        String refused = SafeFiles.problem(file);
        return refused == null ? null : option + ": " + file + ": " + refused;
    }
}
