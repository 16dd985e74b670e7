package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.algorithms.session.Credentials;
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

    @Option(names = "--connect", paramLabel = "HOST:PORT[,...]",
            description = "Run against an existing ZooKeeper instead: every run works under a fresh root of its own "
                    + "(/lockstep/RUN-ID), removed afterwards; server faults are refused, client faults work.")
    String connect;

    @Option(names = "--auth-env", paramLabel = "VAR",
            description = "With --connect: authenticate with the digest identity user:password read from the "
                    + "environment variable VAR (never from the command line); the run's nodes get the creator-all "
                    + "ACL.")
    String authEnv;

    /** The value given, or null. */
    public Integer ensemble() {
        return ensemble;
    }

    /** Checks the options and makes every run of this process use them; one line naming the option if wrong. */
    public void apply(CommandLine command) {
        if (ensemble != null && !lockstep.simulator.scenario.Scenario.ENSEMBLE_SIZES.contains(ensemble)) {
            throw new OneLineErrors.BadOption(command, "--ensemble", text("options.ensembleSize", ensemble));
        }
        if (connect != null && ensemble != null) {
            throw new OneLineErrors.BadOption(command, "--ensemble", text("options.ensembleAndConnect"));
        }
        if (authEnv != null && connect == null) {
            throw new OneLineErrors.BadOption(command, "--auth-env", text("options.authWithoutConnect"));
        }
        Credentials credentials = Credentials.NONE;
        if (authEnv != null) {
            String value = System.getenv(authEnv);
            if (value == null || value.isEmpty()) {
                throw new OneLineErrors.BadOption(command, "--auth-env", text("options.authNotSet", authEnv));
            }
            try {
                credentials = Credentials.digest(value);
            } catch (IllegalArgumentException notDigest) {
                throw new OneLineErrors.BadOption(command, "--auth-env", text("options.authNotUserPassword", authEnv));
            }
        }
        Simulations.useEnsemble(ensemble);
        Simulations.useExternal(connect, credentials);
    }

    /** The same options as command-line arguments, for a command that starts another process. */
    public java.util.List<String> asArguments() {
        java.util.List<String> args = new java.util.ArrayList<>();
        if (ensemble != null) {
            args.add("--ensemble=" + ensemble);
        }
        if (connect != null) {
            args.add("--connect=" + connect);
        }
        if (authEnv != null) {
            args.add("--auth-env=" + authEnv); // the variable's name: its value stays in the environment
        }
        return args;
    }
}
