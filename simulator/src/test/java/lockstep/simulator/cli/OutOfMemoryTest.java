package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A heap that runs out is one line saying so and how to give more, exit code 4: thrown in the command's own thread
 * (picocli passes an Error through) or in a worker whose failure reaches the command. No heap is exhausted here: the
 * commands throw the error as the JVM would.
 */
class OutOfMemoryTest {

    @Test
    void theCommandsOwnThreadIsOneLineAndExitFour() {
        assertOneLine(Cli.run(LockstepCommand.commandLine().addSubcommand("fill", new Fill()), "fill"));
    }

    @Test
    void aWorkersIsOneLineAndExitFour() {
        assertOneLine(Cli.run(LockstepCommand.commandLine().addSubcommand("fill", new FillInAWorker()), "fill"));
    }

    private static void assertOneLine(Cli.Result result) {
        assertEquals(LockstepCommand.OUT_OF_MEMORY, result.exit(), result::toString);
        assertEquals(1, result.errLines().size(), result::toString);
        String line = result.errLines().get(0);
        long mb = Runtime.getRuntime().maxMemory() >> 20;
        assertTrue(line.startsWith("lockstep fill: out of memory: the Java heap (" + mb + " MB) was not enough (give "
                + "more, e.g. LOCKSTEP_JAVA_OPTS=-Xmx"), line);
        assertTrue(line.endsWith("g ./lockstep ...)"), line);
    }

    @Command(name = "fill")
    static final class Fill implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    @Command(name = "fill")
    static final class FillInAWorker implements Callable<Integer> {
        @Override
        public Integer call() throws ExecutionException {
            throw new ExecutionException(new OutOfMemoryError("Java heap space"));
        }
    }
}
