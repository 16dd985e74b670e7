package lockstep.gui.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import javafx.application.Application;
import lockstep.gui.WorkbenchApp;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.simulator.BadInputException;
import lockstep.simulator.cli.LockstepCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep gui}: opens the workbench window. Without a display it says so in one line and does the headless
 * equivalent: runs the scenario through the {@code run} command (its comparison table) and writes the animation as a
 * GIF in the current directory.
 */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = "Open the workbench window (default: scenario 02, the herd effect, naive vs sequential).")
public final class GuiCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO|TRACE",
            description = "A scenario file, a built-in id or name, or a .jsonl trace (default 02).")
    String source = "02";

    @Mixin
    LaneOptions lanes = new LaneOptions();

    @Option(names = "--timing", description = "Print the time from JVM start to the first frame.")
    boolean timing;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        String problem = lanes.problem();
        if (problem != null) {
            err.println("lockstep gui: " + problem);
            return LockstepCommand.BAD_INPUT;
        }
        if (!displayAvailable()) {
            return headless("no display found");
        }
        lockstep.gui.render.HeadlessFx.quietPlatformWarning();
        WorkbenchApp.use(new WorkbenchApp.Options(source, List.copyOf(lanes.algorithms), lanes.seed, timing));
        try {
            Application.launch(WorkbenchApp.class);
        } catch (RuntimeException | Error toolkit) {
            return headless("the window cannot open (" + toolkit.getMessage() + ")");
        }
        return LockstepCommand.OK;
    }

    /** A display is there: always off Linux; on Linux when DISPLAY or WAYLAND_DISPLAY is set. */
    static boolean displayAvailable() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (!os.contains("linux")) {
            return true;
        }
        return notBlank(System.getenv("DISPLAY")) || notBlank(System.getenv("WAYLAND_DISPLAY"));
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    private int headless(String why) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Sources sources = new Sources();
        String gifName = sources.gifName(source);
        out.println("lockstep: " + why + ": running " + source + " headless and writing " + gifName);
        out.flush();
        CommandLine root = spec.root().commandLine();
        int code = LockstepCommand.OK;
        if (root.getSubcommands().containsKey("run")) {
            List<String> args = new ArrayList<>(List.of("run", source, "--algorithm", String.join(",", lanes.algorithms)));
            if (lanes.seed != null) {
                args.add("--seed");
                args.add(lanes.seed.toString());
            }
            code = root.execute(args.toArray(String[]::new));
            if (code == LockstepCommand.BAD_INPUT) {
                return code;
            }
        }
        try {
            TraceSource.Loaded loaded = sources.load(source, lanes.algorithms, lanes.seed);
            int frames = RenderCommand.renderGif(loaded, Path.of(gifName), 1280, 800, false, false);
            out.println("wrote " + gifName + " (" + frames + " frames)");
        } catch (BadInputException e) {
            err.println(e.getMessage());
            return LockstepCommand.BAD_INPUT;
        } catch (Exception e) {
            err.println("render failed: " + e);
            return LockstepCommand.BAD_INPUT;
        }
        return code;
    }
}
