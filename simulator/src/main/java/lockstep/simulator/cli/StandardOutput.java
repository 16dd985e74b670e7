package lockstep.simulator.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's standard output, watched for the one failed write that is no failure: its reader closed the pipe
 * ({@code lockstep run 02 | head -3}, a pager quit early). The Unix habit is to stop quietly then, with the command's
 * own exit code, as a program killed by SIGPIPE says nothing; a full device ({@code > /dev/full}) or any other
 * failed write stays one line and exit code 2 ({@link OneLineErrors#checkingOutput}). A write to a pipe can fail for
 * no other reason, so a failed write is taken for a closed pipe when standard output is a pipe (Linux:
 * {@code /proc/self/fd/1} names {@code pipe:[...]}), or when the system says "Broken pipe".
 *
 * <p>Installed by the process's {@code main} only: a test that runs a command in the same JVM keeps its own streams.
 */
public final class StandardOutput {

    /** A write to the process's standard output failed because its reader closed the pipe. */
    private static volatile boolean readerClosedThePipe;

    private StandardOutput() {
    }

    /**
     * Replaces {@code System.out} with the same stream as the JVM makes it (a 128-byte buffer, flushed at each line,
     * the {@code sun.stdout.encoding} when given), over a descriptor watched for a closed pipe. Call before any output.
     */
    public static void install() {
        OutputStream watched = new Watched(new FileOutputStream(FileDescriptor.out));
        String encoding = System.getProperty("sun.stdout.encoding");
        PrintStream out = null;
        if (encoding != null) {
            try {
                out = new PrintStream(new BufferedOutputStream(watched, 128), true, encoding);
            } catch (UnsupportedEncodingException unknown) {
                out = null; // as the JVM does: the default charset then
            }
        }
        System.setOut(out != null ? out : new PrintStream(new BufferedOutputStream(watched, 128), true));
    }

    /** True once a write to standard output failed because its reader closed the pipe. */
    static boolean readerClosedThePipe() {
        return readerClosedThePipe;
    }

    /** Standard output is a pipe (Linux; false where that cannot be told). */
    private static boolean isAPipe() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString().startsWith("pipe:");
        } catch (IOException | UnsupportedOperationException | SecurityException unknown) {
            return false; // no /proc: the system's message decides
        }
    }

    /** The descriptor's writes, each failure looked at before it is passed on. */
    private static final class Watched extends FilterOutputStream {

        Watched(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw noted(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw noted(e);
            }
        }

        private static IOException noted(IOException e) {
            if ("Broken pipe".equals(e.getMessage()) || isAPipe()) {
                readerClosedThePipe = true;
            }
            return e;
        }
    }
}
