package lockstep.simulator.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code lockstep} command and its headless subcommands. The launcher in {@code gui} adds the commands that need
 * JavaFX ({@code gui}, {@code render}) to {@link #commandLine()} and decides what a bare {@code lockstep} does.
 */
@Command(name = "lockstep", mixinStandardHelpOptions = true, version = "lockstep 0.1.0",
        description = "A workbench for ZooKeeper lock algorithms: run, check and compare them on a real embedded ZooKeeper.")
public final class LockstepCommand implements Callable<Integer> {

    /** Exit codes, a contract: 0 fine, 1 a checker finding, 2 bad input. */
    public static final int OK = 0;
    public static final int FINDING = 1;
    public static final int BAD_INPUT = 2;

    /** The command line with every headless subcommand registered. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new LockstepCommand());
        return cli;
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
        return OK;
    }
}
