package lockstep.gui.cli;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

import lockstep.simulator.check.Finding;
import lockstep.gui.render.FrameRenderer;
import lockstep.gui.render.HeadlessFx;
import lockstep.gui.view.WindowFonts;
import lockstep.gui.source.SimulatorSource;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.simulator.BadInputException;
import lockstep.simulator.files.CannotWrite;
import lockstep.simulator.cli.ForceOption;
import lockstep.simulator.cli.LockstepCommand;
import lockstep.simulator.trace.Event;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lockstep render}: the window's lanes drawn without a display, as a PNG at one event or an animated GIF. */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Draw the workbench's lanes without a display: a PNG at one event, or an animated GIF of the run.")
public final class RenderCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO|TRACE", description = "A scenario file, a built-in id (02) or a .jsonl trace.")
    String source;

    @Mixin
    LaneOptions lanes = new LaneOptions();

    @Mixin
    ForceOption force = new ForceOption();

    @Option(names = "--step", paramLabel = "K",
            description = "Beat to draw, counted across all lanes from 0 (default: the last).")
    Integer step;

    @Option(names = "--at-line", paramLabel = "N", description = "Draw the last beat of the scenario's line N.")
    Integer atLine;

    @Option(names = "--out", paramLabel = "FILE.png",
            description = "PNG to write, in an existing directory (default frame.png).")
    Path out;

    @Option(names = "--gif", paramLabel = "FILE.gif",
            description = "Write the whole run as an animated GIF, in an existing directory.")
    Path gif;

    @Option(names = "--width", paramLabel = "PX", defaultValue = "1400",
            description = "Width of the picture in pixels, 200 to 8000 (default 1400; a projector's: 1280, 1600, 1920).")
    int width;

    @Option(names = "--height", paramLabel = "PX", defaultValue = "860",
            description = "Height of the picture in pixels, 200 to 8000 (default 860; a projector's: 800, 1000, 1080).")
    int height;

    @Option(names = "--dark", description = "Dark theme.")
    boolean dark;

    @Option(names = "--presentation", description = "Presentation mode, as the window's for a projector: large type, thick lines (with --width 1920 "
                    + "--height 1080, a slide).")
    boolean presentation;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter outw = spec.commandLine().getOut();
        SimulatorSource sources = new SimulatorSource();
        TraceSource.Loaded loaded;
        try {
            if (width < 200 || height < 200 || width > 8000 || height > 8000) {
                throw new BadInputException("--width/--height", "between 200 and 8000 pixels, got " + width + "x" + height);
            }
            boolean named = spec.commandLine().getParseResult().hasMatchedOption("--algorithm");
            lanes.whenNoneIsNamed(source, named);
            lanes.addLocks(named);
            String problem = lanes.problem();
            if (problem == null && out != null) {
                problem = OutputFiles.problem("--out", force.allow(out), ".png");
            }
            if (problem == null && gif != null) {
                problem = OutputFiles.problem("--gif", force.allow(gif), ".gif");
            }
            if (problem == null && out == null && gif == null) {
                problem = OutputFiles.problem("--out", Path.of("frame.png"), ".png");
            }
            if (problem != null) {
                throw new BadInputException("lockstep render", problem);
            }
            if (step != null && atLine != null) {
                throw new BadInputException("lockstep render", "--step and --at-line both name a frame: give one");
            }
            lanes.servers.apply(spec.commandLine());
            loaded = sources.load(source, lanes.algorithms, lanes.seed);
        } catch (BadInputException e) {
            err.println(e.getMessage());
            return LockstepCommand.BAD_INPUT;
        }
        try {
            HeadlessFx.start();
            HeadlessFx.call(WindowFonts::missingFontWarning).ifPresent(err::println);
            if (gif != null) {
                int frames = renderGif(loaded, gif, width, height, dark, presentation);
                outw.println("wrote " + gif + " (" + frames + " frames)");
            }
            if (gif == null || out != null) {
                Path png = out == null ? Path.of("frame.png") : out;
                int at = renderPng(loaded, step, atLine, png, width, height, dark, presentation);
                outw.println("wrote " + png + " (beat " + at + ")");
            }
        } catch (BadInputException | CannotWrite e) {
            err.println(e.getMessage());
            return LockstepCommand.BAD_INPUT;
        } catch (Exception e) {
            err.println("render failed: " + e);
            return LockstepCommand.BAD_INPUT;
        }
        return LockstepCommand.OK;
    }

    static ReplayCursor cursorOf(TraceSource.Loaded loaded) {
        List<LaneViewModel> lanes = new ArrayList<>();
        for (List<Event> trace : loaded.traces()) {
            lanes.add(new LaneViewModel(trace));
        }
        ReplayCursor cursor = new ReplayCursor(lanes);
        cursor.useWords(loaded.words()); // the narration in the chosen language (the trace records English)
        return cursor;
    }

    /** Draws one frame at {@code step} (default: the last beat) and returns the beat drawn. */
    public static int renderPng(TraceSource.Loaded loaded, Integer step, Path png, int width, int height, boolean dark,
                                boolean presentation) throws Exception {
        return renderPng(loaded, step, null, png, width, height, dark, presentation);
    }

    /**
     * Draws one frame at beat {@code step}, or at the last beat of scenario line {@code atLine}, or the last beat, and
     * returns the beat drawn.
     */
    public static int renderPng(TraceSource.Loaded loaded, Integer step, Integer atLine, Path png, int width,
                                int height, boolean dark, boolean presentation) throws Exception {
        ReplayCursor cursor = cursorOf(loaded);
        int last = cursor.sizeProperty().get() - 1;
        if (step != null && (step < 0 || step > last)) {
            throw new BadInputException("lockstep render", "--step must be a beat from 0 to " + last + ", got " + step);
        }
        int at = step == null ? last : step;
        if (atLine != null) {
            at = cursor.beats().lastBeatOfLine(atLine);
            if (at < 0) {
                throw new BadInputException("lockstep render", "--at-line " + atLine
                        + " is not a script line that ran (lines that ran: " + linesThatRan(cursor) + ")");
            }
        }
        int beat = at;
        HeadlessFx.start();
        BufferedImage image = HeadlessFx.call(() -> {
            FrameRenderer r = new FrameRenderer(cursor, width, height, dark, presentation);
            r.frame(beat);
            return r.frameImage(beat);
        });
        FrameRenderer.writePng(lockstep.gui.render.FindingsBand.onto(image, lockstep.gui.render.FindingsBand.words(loaded.traces())), png);
        return beat;
    }

    private static String linesThatRan(ReplayCursor cursor) {
        java.util.TreeSet<Integer> lines = new java.util.TreeSet<>();
        for (var b : cursor.beats().all()) {
            if (b.step() > 0) {
                lines.add(b.line());
            }
        }
        return lines.toString().replaceAll("[\\[\\]]", "");
    }

    /**
     * Draws the run as a looping GIF and returns the frame count: it opens on the title card, each banner is held long
     * enough to read (by its words), faults and findings linger.
     */
    public static int renderGif(TraceSource.Loaded loaded, Path gif, int width, int height, boolean dark,
                                boolean presentation) throws Exception {
        GifFrames drawn = gifFrames(loaded, width, height, dark, presentation);
        FrameRenderer.writeGif(drawn.frames(), drawn.delays(), gif);
        return drawn.frames().size();
    }

    /** A GIF's frames, one per beat, and how long each is shown (milliseconds). */
    public record GifFrames(List<BufferedImage> frames, List<Integer> delays) {
    }

    /** Draws the frames of a GIF of the run: one per beat (every n-th for a very long run). */
    public static GifFrames gifFrames(TraceSource.Loaded loaded, int width, int height, boolean dark,
                                      boolean presentation) throws Exception {
        HeadlessFx.start();
        ReplayCursor cursor = cursorOf(loaded);
        int beats = cursor.sizeProperty().get();
        List<Integer> indices = FrameRenderer.gifIndices(beats);
        List<BufferedImage> frames = new ArrayList<>();
        List<Integer> delays = new ArrayList<>();
        // one FX task for the whole batch: a round trip per frame costs far more than the frame
        HeadlessFx.call(() -> {
            FrameRenderer r = new FrameRenderer(cursor, width, height, dark, presentation);
            r.frame(0);
            for (int i : indices) {
                frames.add(r.animationFrame(i));
                delays.add(FrameRenderer.gifDelayMs(cursor, i));
            }
            return null;
        });
        return new GifFrames(frames, delays);
    }

    static String describe(int[] values) {
        return Arrays.toString(values);
    }
}
