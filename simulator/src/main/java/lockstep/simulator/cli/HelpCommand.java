package lockstep.simulator.cli;

import java.util.List;
import java.util.concurrent.Callable;

import lockstep.simulator.text.SimulatorTexts;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep help [COMMAND...]}: prints the same text as {@code lockstep [COMMAND...] --help}. An unknown command
 * is one line and exit 2, listing the commands a user may name (hidden ones left out), as everywhere else.
 */
@Command(name = "help", mixinStandardHelpOptions = true, helpCommand = true,
        description = "Print the help of lockstep, or of a command (lockstep help run).")
final class HelpCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "COMMAND", description = "The command to explain, such as run or bench seek.")
    List<String> commands = List.of();

    @Override
    public Integer call() {
        CommandLine target = spec.commandLine().getParent();
        for (String name : commands) {
            CommandLine sub = target.getSubcommands().get(name);
            if (sub == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), SimulatorTexts.text(
                        "error.unknownCommand", name, String.join(", ", OneLineErrors.visibleCommands(target))));
            }
            target = sub;
        }
        target.usage(spec.commandLine().getOut(), target.getColorScheme());
        spec.commandLine().getOut().flush();
        return LockstepCommand.OK;
    }
}
