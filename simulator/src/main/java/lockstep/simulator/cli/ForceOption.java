package lockstep.simulator.cli;

import java.nio.file.Path;

import lockstep.simulator.files.SafeFiles;
import picocli.CommandLine.Option;

/**
 * {@code --force}: the files a command writes replace what is in their way even when it is a device, a pipe or a
 * read-only file (without it each is refused in one line and left as it was). A directory is never replaced, and a
 * directory that is missing or not writable is still refused. Taken by every command that writes a file the user
 * names: {@code run}, {@code export}, {@code explore}, {@code herd}, {@code bench}, {@code grade}, and the window's
 * {@code gui} and {@code render}.
 */
public final class ForceOption {

    @Option(names = "--force",
            description = "Replace an output file even when it is read-only, a device or a pipe (never a directory).")
    boolean force;

    /** With {@code --force}, allows {@code file} (when not null) to be replaced; returns it. */
    public Path allow(Path file) {
        if (force && file != null) {
            SafeFiles.mayReplace(file);
        }
        return file;
    }
}
