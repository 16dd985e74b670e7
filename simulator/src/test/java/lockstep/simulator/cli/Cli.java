package lockstep.simulator.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import picocli.CommandLine;

/** Runs {@code lockstep ARGS} in-process with captured stdout and stderr. */
final class Cli {

    /** What a command did: its exit code, and what it printed on each stream. */
    record Result(int exit, String out, String err) {

        List<String> errLines() {
            return err.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private Cli() {
    }

    static Result run(String... args) {
        return run(LockstepCommand.commandLine(), args);
    }

    static Result run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}
