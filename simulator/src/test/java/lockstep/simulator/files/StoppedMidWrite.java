package lockstep.simulator.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JVM that starts writing a file through {@link SafeFiles} and waits, mid-write, for its standard input to close:
 * what {@link SafeFilesTest} stops with SIGTERM. Prints one line when the temporary file exists.
 */
public final class StoppedMidWrite {

    private StoppedMidWrite() {
    }

    public static void main(String[] args) throws IOException {
        SafeFiles.write(Path.of(args[0]), temporary -> {
            Files.writeString(temporary, "half a file");
            System.out.println("writing " + temporary);
            System.out.flush();
            // Blocks until the test stops this JVM. Not on standard input: Process.destroy closes the pipe as it
            // signals, and a read that ended then would finish the write before the shutdown hook ran.
            try {
                new java.util.concurrent.CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
