package lockstep.gui.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import lockstep.gui.render.FrameRenderer;
import lockstep.gui.source.SimulatorSource;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.simulator.cli.LockstepCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep bench-gif} (hidden): the headless fallback's GIF of a scenario written both ways, side by side in
 * one run: the frames are drawn once, then written by the first writer (every frame whole, a palette per frame) and
 * by the compact one (one palette, only what changed), alternately, several rounds; prints size and time of each and
 * their ratios.
 */
@Command(name = "bench-gif", hidden = true, mixinStandardHelpOptions = true,
        description = "Compare the GIF writers on one scenario's frames.")
public final class BenchGifCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", defaultValue = "02")
    String scenario;

    @Option(names = "--algorithm", split = ",", defaultValue = "naive,sequential")
    List<String> algorithms;

    @Option(names = "--rounds", defaultValue = "3")
    int rounds;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        TraceSource.Loaded loaded = new SimulatorSource().load(scenario, algorithms, null);
        long t0 = System.nanoTime();
        RenderCommand.GifFrames drawn = RenderCommand.gifFrames(loaded, 1280, 800, false, false);
        double drawS = (System.nanoTime() - t0) / 1e9;
        Path dir = Files.createTempDirectory("lockstep-bench-gif");
        Path plain = dir.resolve("every-pixel.gif");
        Path compact = dir.resolve("compact.gif");
        double plainS = Double.MAX_VALUE;
        double compactS = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            long a = System.nanoTime();
            FrameRenderer.writeGifEveryPixel(drawn.frames(), drawn.delays(), plain);
            plainS = Math.min(plainS, (System.nanoTime() - a) / 1e9);
            long b = System.nanoTime();
            FrameRenderer.writeGif(drawn.frames(), drawn.delays(), compact);
            compactS = Math.min(compactS, (System.nanoTime() - b) / 1e9);
        }
        long plainBytes = Files.size(plain);
        long compactBytes = Files.size(compact);
        out.printf("scenario %s, lanes %s, %d frames of 1280x800 (one per beat), drawn in %.2f s%n", scenario,
                String.join(",", algorithms), drawn.frames().size(), drawS);
        out.printf("%-36s %10s %10s%n", "writer (best of " + rounds + ")", "size", "write");
        out.printf("%-36s %8.2f MB %8.2f s%n", "every frame whole, palette per frame", plainBytes / 1e6, plainS);
        out.printf("%-36s %8.2f MB %8.2f s%n", "one palette, changed rectangle only", compactBytes / 1e6, compactS);
        out.printf("compact / whole: size %.3f, time %.3f%n", compactBytes / (double) plainBytes, compactS / plainS);
        Files.deleteIfExists(plain);
        Files.deleteIfExists(compact);
        Files.deleteIfExists(dir);
        out.flush();
        return LockstepCommand.OK;
    }
}
