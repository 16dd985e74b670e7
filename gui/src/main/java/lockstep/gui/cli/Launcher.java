package lockstep.gui.cli;

import lockstep.simulator.bench.Benchmarks;
import lockstep.simulator.cli.LockstepCommand;
import picocli.CommandLine;

/**
 * The {@code lockstep} executable: the simulator's headless commands plus {@code gui} and {@code render}. A bare
 * {@code lockstep} opens the window on scenario 02 (the herd effect) with the naive and sequential lanes, or, with no
 * display, says so and does the headless equivalent. A plain class: a main class extending Application fails from the
 * classpath.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        lockstep.simulator.cli.StandardOutput.install(); // a reader that closes the pipe ends the output quietly
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (0 fine, 1 a checker finding, 2 bad input). */
    public static int execute(String... args) {
        CommandLine cli = commandLine();
        return cli.execute(withDefaultCommand(args));
    }

    /**
     * The arguments with {@code gui} in front when they name no command, only the options every command takes
     * ({@code lockstep --lang zh} opens the window in Chinese, as a bare {@code lockstep} opens it; it printed the help).
     */
    static String[] withDefaultCommand(String... args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--lang") && i + 1 < args.length) {
                i++;
            } else if (!a.equals("--debug") && !a.startsWith("--lang=")) {
                return args;
            }
        }
        String[] out = new String[args.length + 1];
        out[0] = "gui";
        System.arraycopy(args, 0, out, 1, args.length);
        return out;
    }

    public static CommandLine commandLine() {
        return commandLine(new GuiCommand());
    }

    /** The command line with {@code gui} as given (a test's gui is told there is no display). */
    public static CommandLine commandLine(GuiCommand gui) {
        // Frame times need JavaFX, which the simulator must not know: the window adds its benchmark to the registry.
        Benchmarks.register("render", "Frame times of the lanes on a large synthetic run (headless JavaFX).",
                BenchRenderCommand::new);
        Benchmarks.register("gif", "Size and write time of the headless GIF, compact writer against the first one.",
                BenchGifCommand::new);
        CommandLine cli = LockstepCommand.commandLine();
        cli.addSubcommand("gui", gui);
        cli.addSubcommand("render", new RenderCommand());
        cli.addSubcommand("docs-images", new DocsImagesCommand());
        cli.addSubcommand("site", new SiteCommand());
        cli.addSubcommand("bench-render", new BenchRenderCommand());
        LockstepCommand.answerVersionEverywhere(cli);
        return cli;
    }
}
