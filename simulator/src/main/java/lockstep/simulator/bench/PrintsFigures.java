package lockstep.simulator.bench;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A benchmark without options as a command: runs a body that prints its figures to the command's stdout. */
@Command(mixinStandardHelpOptions = true)
public final class PrintsFigures implements Callable<Integer> {

    /** A benchmark's body; any exception it throws is an internal error. */
    @FunctionalInterface
    public interface Body {
        void run(PrintStream out) throws Exception;
    }

    private final Body body;

    @Spec
    CommandSpec spec;

    public PrintsFigures(Body body) {
        this.body = body;
    }

    @Override
    public Integer call() throws Exception {
        // The benchmarks print to a PrintStream; picocli's streams are writers (and tests replace them).
        try (PrintStream stream = new PrintStream(new LinesTo(spec.commandLine().getOut()), true,
                StandardCharsets.UTF_8)) {
            body.run(stream);
        }
        return 0;
    }

    /** Bytes to a writer, a whole line at a time (a newline byte never splits a UTF-8 character). */
    static final class LinesTo extends OutputStream {

        private final PrintWriter out;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LinesTo(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            line.write(b);
            if (b == '\n') {
                flush();
            }
        }

        @Override
        public void flush() {
            out.print(line.toString(StandardCharsets.UTF_8));
            out.flush();
            line.reset();
        }
    }
}
