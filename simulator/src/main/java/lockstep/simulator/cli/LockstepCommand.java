package lockstep.simulator.cli;

import java.util.concurrent.Callable;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.text.SimulatorTexts;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code lockstep} command and its headless subcommands. The launcher in {@code gui} adds the commands that need
 * JavaFX ({@code gui}, {@code render}) to {@link #commandLine()} and decides what a bare {@code lockstep} does.
 *
 * <p>Guarantees of every command run through {@link CommandLine#execute} on {@link #commandLine()}: bad input (an
 * option, a scenario, a trace) is one line on stderr and exit code {@link #BAD_INPUT}; an unexpected exception is one
 * line and exit code {@link #INTERNAL_ERROR}, its stack trace only with {@code --debug} or
 * {@code -Dlockstep.debug=true}.
 */
@Command(name = "lockstep", mixinStandardHelpOptions = true, version = "lockstep " + lockstep.simulator.LockstepVersion.VERSION,
        description = "A workbench for ZooKeeper lock algorithms: run, check and compare them on a real embedded ZooKeeper.",
        subcommands = {RunCommand.class, CheckCommand.class, ListCommand.class, BenchCommand.class,
                HerdCommand.class, ExploreCommand.class, GradeCommand.class, ExportCommand.class, HelpCommand.class},
        footer = {"", "Examples:",
                "  lockstep list",
                "  lockstep run 02 --algorithm naive,sequential",
                "  lockstep check trace.jsonl",
                "  lockstep help run",
                "",
                "Exit codes: 0 fine, 1 a checker finding, 2 bad input, 3 internal error."})
public final class LockstepCommand implements Callable<Integer> {

    /** Exit codes, a contract: 0 fine, 1 a checker finding, 2 bad input, 3 an internal error (a bug). */
    public static final int OK = 0;
    public static final int FINDING = 1;
    public static final int BAD_INPUT = 2;
    public static final int INTERNAL_ERROR = 3;
    /** The Java heap ran out: one line saying how to give Lockstep more ({@code LOCKSTEP_JAVA_OPTS=-Xmx...}). */
    public static final int OUT_OF_MEMORY = 4;

    /** The system property that, set to {@code true}, shows the stack trace of an internal error. */
    public static final String DEBUG_PROPERTY = "lockstep.debug";

    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "On an internal error, print its stack trace too (as -Dlockstep.debug=true does).")
    boolean debug;

    @Option(names = LanguageChoice.OPTION, scope = ScopeType.INHERIT, paramLabel = "en|zh|ru",
            converter = LanguageChoice.Converter.class,
            description = "The language of the output: en, zh or ru (default: LOCKSTEP_LANG, else the system locale).")
    Language language;

    /**
     * The headless command tree as its annotations alone describe it, never given a bundle: what the English help
     * bundle is checked against (a tree once given a bundle keeps its texts even when handed an empty one).
     */
    public static CommandLine asAnnotated() {
        CommandLine cli = new CommandLine(new LockstepCommand());
        ExportCommand.addExports(cli.getSubcommands().get("export"));
        BenchCommand.addBenchmarks(cli.getSubcommands().get("bench"));
        return cli;
    }

    /**
     * The command line with every headless subcommand registered, the one-line error handlers installed, and each
     * execution speaking the language {@code --lang} (or the environment) chooses.
     */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new LockstepCommand());
        ExportCommand.addExports(cli.getSubcommands().get("export"));
        cli.setResourceBundle(SimulatorTexts.help(Texts.language()));
        cli.setExecutionStrategy(OneLineErrors.checkingOutput(LanguageChoice.speaking(new CommandLine.RunLast())));
        BenchCommand.addBenchmarks(cli.getSubcommands().get("bench"));
        OneLineErrors handlers = new OneLineErrors();
        cli.setParameterExceptionHandler(handlers);
        cli.setExecutionExceptionHandler(handlers);
        answerVersionEverywhere(cli);
        return cli;
    }

    /**
     * Gives every command under {@code cli} the root's version text, so {@code lockstep run --version} answers as
     * {@code lockstep --version} does (picocli's --version on a subcommand prints that subcommand's own, empty, text).
     * The launcher calls it again after adding its own commands.
     */
    public static void answerVersionEverywhere(CommandLine cli) {
        String[] version = cli.getCommandSpec().root().version();
        for (CommandLine sub : cli.getSubcommands().values()) {
            sub.getCommandSpec().version(version);
            answerVersionEverywhere(sub);
        }
    }

    public static void main(String[] args) {
        StandardOutput.install();
        System.exit(commandLine().execute(args));
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return OK;
    }
}
