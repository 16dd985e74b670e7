package lockstep.simulator.cli;

import lockstep.simulator.run.Simulations;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options that choose the servers a command's runs use, shared by every command that runs scenarios
 * ({@code run}, {@code herd}, and the window's {@code gui} and {@code render}): one change here serves them all.
 * {@link #apply} checks them and sets them for the whole process, before anything runs.
 */
public final class ServerOptions {

    @Option(names = "--ensemble", paramLabel = "1|3|5",
            description = "Run on an embedded ensemble of 3 or 5 servers (1: one server), whatever the scenario's "
                    + "ensemble key says. Each client talks to one server, chosen by the seed.")
    Integer ensemble;

    /** The value given, or null. */
    public Integer ensemble() {
        return ensemble;
    }

    /** Checks the options and makes every run of this process use them; one line naming the option if wrong. */
    public void apply(CommandLine command) {
        if (ensemble != null && !lockstep.simulator.scenario.Scenario.ENSEMBLE_SIZES.contains(ensemble)) {
            throw new OneLineErrors.BadOption(command, "--ensemble", "must be 1, 3 or 5 servers (got " + ensemble
                    + ")");
        }
        Simulations.useEnsemble(ensemble);
    }

    /** The same options as command-line arguments, for a command that starts another process. */
    public java.util.List<String> asArguments() {
        return ensemble == null ? java.util.List.of() : java.util.List.of("--ensemble=" + ensemble);
    }
}
