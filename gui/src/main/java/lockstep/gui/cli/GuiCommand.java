package lockstep.gui.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import javafx.application.Application;
import lockstep.gui.WorkbenchApp;
import lockstep.gui.render.HeadlessFx;
import lockstep.gui.source.SimulatorSource;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.simulator.BadInputException;
import lockstep.simulator.files.CannotWrite;
import lockstep.simulator.cli.ForceOption;
import lockstep.simulator.cli.LockstepCommand;
import lockstep.simulator.scenario.BuiltInScenarios;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep gui}: opens the workbench window.
 *
 * <p>Steps: (1) the options, the scenario or trace and the {@code --gif} path are checked on the command line, so bad
 * input is one line and exit 2 as with {@code run}, before any window; (2) {@link DisplayProbe} asks the display
 * whether it is alive, without JavaFX; (3) with a live display the window opens; (4) without one, the command says
 * why on stderr and does the headless equivalent: the comparison table ({@code run}, or {@code check} for a trace) on
 * stdout and the animation as a GIF at a path it names ({@code --gif}, default {@code lockstep-NAME.gif} in the system
 * temp directory). Should JavaFX still fail to start on a display that answered, the headless equivalent runs in a
 * fresh JVM without {@code DISPLAY}, since a toolkit that failed half-way cannot be started again in this one.
 * Guarantee: it never waits on a display that is not there.
 */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = "Open the workbench window (default: scenario 02, the herd effect, naive vs sequential).",
        footer = {"", "Without a display it prints the run's table and writes the animation as a GIF instead.",
                "", "Examples:",
                "  lockstep gui",
                "  lockstep gui 06 --algorithm rwlock,curator-rwlock",
                "  lockstep gui t.jsonl",
                "  DISPLAY= lockstep gui 02 --gif herd.gif"})
public final class GuiCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO|TRACE",
            description = "A scenario file, a built-in id or name, or a trace file (default 02).")
    String source = "02";

    @Mixin
    LaneOptions lanes = new LaneOptions();

    @Mixin
    ForceOption force = new ForceOption();

    @Option(names = "--timing", description = "Print the time from JVM start to the first frame.")
    boolean timing;

    @Option(names = "--gif", paramLabel = "FILE.gif",
            description = "Without a display: write the animation here (default: lockstep-NAME.gif in the temp directory).")
    Path gif;

    /** Set by a launcher whose window failed to open, for the fresh JVM that does the headless equivalent. */
    @Option(names = "--headless-because", hidden = true)
    String headlessBecause;

    private final DisplayProbe display;
    final Path temp;

    public GuiCommand() {
        this(DisplayProbe.ofThisProcess(), Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** A gui that asks {@code display} whether it can open a window and writes its default GIF into {@code temp}. */
    GuiCommand(DisplayProbe display, Path temp) {
        this.display = display;
        this.temp = temp;
    }

    @Override
    public Integer call() throws BadInputException, CannotWrite {
        boolean named = spec.commandLine().getParseResult().hasMatchedOption("--algorithm");
        lanes.whenNoneIsNamed(source, named);
        lanes.addLocks(named);
        String problem = lanes.problem();
        if (problem == null && gif != null) {
            problem = OutputFiles.problem("--gif", force.allow(gif), ".gif");
        }
        if (problem != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), problem);
        }
        lanes.servers.apply(spec.commandLine());
        SimulatorSource sources = new SimulatorSource();
        sources.check(source, lanes.algorithms);

        if (headlessBecause != null) {
            return headless(sources, headlessBecause);
        }
        Optional<String> noDisplay = display.whyNoDisplay();
        if (noDisplay.isPresent()) {
            return headless(sources, "no display (" + noDisplay.get() + ")");
        }
        HeadlessFx.quietPlatformWarning();
        WorkbenchApp.use(new WorkbenchApp.Options(source, List.copyOf(lanes.algorithms), lanes.seed, timing));
        try {
            Application.launch(WorkbenchApp.class);
        } catch (RuntimeException | Error toolkit) {
            String message = String.valueOf(toolkit.getMessage()).strip();
            message = message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
            return headlessInAFreshJvm("the window cannot open (" + message + ")");
        }
        return LockstepCommand.OK;
    }

    private int headless(SimulatorSource sources, String why) throws BadInputException, CannotWrite {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path file = gif != null ? gif : temp.resolve(gifName(sources));
        String refused = gif != null ? null : OutputFiles.problem("--gif", file, ".gif");
        if (refused != null) {
            // The default place, checked as an asked-for --gif is: before the run, one line.
            throw new CommandLine.ParameterException(spec.commandLine(), refused);
        }
        err.println("lockstep gui: " + why + "; printing the table and writing the animation to " + file);
        err.flush();

        boolean trace = SimulatorSource.isTrace(source);
        List<String> args = new ArrayList<>(trace ? List.of("check", source)
                : List.of("run", source, "--algorithm", String.join(",", lanes.algorithms)));
        if (!trace && lanes.seed != null) {
            args.add("--seed");
            args.add(lanes.seed.toString());
        }
        if (!trace) {
            args.addAll(lanes.servers.asArguments());
        }
        int code = spec.root().commandLine().execute(args.toArray(String[]::new));
        if (code != LockstepCommand.OK && code != LockstepCommand.FINDING) {
            return code;
        }
        TraceSource.Loaded loaded = sources.load(source, lanes.algorithms, lanes.seed);
        int frames;
        try {
            frames = RenderCommand.renderGif(loaded, file, 1280, 800, false, false);
        } catch (BadInputException | CannotWrite e) {
            throw e;
        } catch (IOException e) {
            throw new BadInputException(file.toString(), "cannot write the GIF (" + e.getMessage() + ")");
        } catch (Exception e) {
            throw new IllegalStateException("the GIF could not be drawn: " + e, e);
        }
        out.println();
        out.println("wrote " + file + " (" + frames + " frames)");
        out.flush();
        return code;
    }

    /**
     * The same command again in a new JVM whose environment has no display, its output passed through: JavaFX was
     * started here and failed, and it cannot be started a second time in the same JVM.
     */
    private int headlessInAFreshJvm(String why) {
        PrintWriter err = spec.commandLine().getErr();
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        // The language this command speaks (--lang, or what it was started in) goes on to the new JVM.
        command.add("-D" + lockstep.algorithms.text.Language.PROPERTY + "="
                + lockstep.algorithms.text.Texts.language().tag());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Launcher.class.getName());
        command.add("gui");
        command.add(source);
        command.add("--algorithm=" + String.join(",", lanes.algorithms));
        command.add("--headless-because=" + why);
        command.addAll(lanes.servers.asArguments());
        command.addAll(lanes.locks.asArguments());
        if (lanes.seed != null) {
            command.add("--seed=" + lanes.seed);
        }
        if (gif != null) {
            command.add("--gif=" + gif);
        }
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().remove("DISPLAY");
        builder.environment().remove("WAYLAND_DISPLAY");
        try {
            return builder.start().waitFor();
        } catch (IOException e) {
            err.println("lockstep gui: cannot start java again (" + e.getMessage() + ")");
            return LockstepCommand.INTERNAL_ERROR;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return LockstepCommand.INTERNAL_ERROR;
        }
    }

    /** {@code lockstep-02-herd-effect.gif} for a built-in, {@code lockstep-NAME.gif} for a file NAME.ext. */
    String gifName(SimulatorSource sources) {
        BuiltInScenarios.BuiltIn builtIn = sources.builtIn(source);
        if (builtIn != null) {
            return "lockstep-" + builtIn.name() + ".gif";
        }
        String fileName = Path.of(source).getFileName().toString();
        int dot = fileName.lastIndexOf('.');
        return "lockstep-" + (dot > 0 ? fileName.substring(0, dot) : fileName) + ".gif";
    }
}
