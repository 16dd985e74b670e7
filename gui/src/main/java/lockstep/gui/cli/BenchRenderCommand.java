package lockstep.gui.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;

import lockstep.gui.demo.DemoTraces;
import lockstep.gui.render.FrameRenderer;
import lockstep.gui.render.HeadlessFx;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.simulator.cli.LockstepCommand;
import lockstep.simulator.trace.Event;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep bench-render} (hidden): frame times of the lane view on a large synthetic run (by default 200
 * clients, 10,000 events). A frame = move the cursor, update the lanes, CSS, layout and draw (a snapshot of the
 * scene, which is what a window's pulse would paint). Two passes: random seeks (scrubbing anywhere) and consecutive
 * steps (playing).
 */
@Command(name = "bench-render", hidden = true, mixinStandardHelpOptions = true,
        description = "Measure frame times of the lanes on a large synthetic run.")
public final class BenchRenderCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--clients", defaultValue = "200")
    int clients;

    @Option(names = "--events", defaultValue = "10000")
    int events;

    @Option(names = "--frames", defaultValue = "300")
    int frames;

    @Option(names = "--lanes", defaultValue = "1", description = "1 (sequential) or 2 (naive and sequential).")
    int lanes;

    @Option(names = "--width", defaultValue = "1400")
    int width;

    @Option(names = "--height", defaultValue = "860")
    int height;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        List<LaneViewModel> models = new ArrayList<>();
        models.add(new LaneViewModel(DemoTraces.rounds("sequential", clients, events)));
        if (lanes > 1) {
            models.add(new LaneViewModel(DemoTraces.rounds("naive", clients, events)));
        }
        ReplayCursor cursor = new ReplayCursor(models);
        int n = cursor.sizeProperty().get();
        out.printf("trace: %d clients, %d beats, %d lane(s), built in %d ms%n", clients, n, models.size(),
                (System.nanoTime() - t0) / 1_000_000);
        HeadlessFx.start();
        double[][] result = HeadlessFx.call(() -> {
            FrameRenderer r = new FrameRenderer(cursor, width, height, false, false);
            for (int i = 0; i < 20; i++) {
                r.frame(i * (n / 20));
            }
            Random random = new Random(42);
            double[] seek = new double[frames];
            for (int i = 0; i < frames; i++) {
                int at = random.nextInt(n);
                long s = System.nanoTime();
                r.frame(at);
                seek[i] = (System.nanoTime() - s) / 1e6;
            }
            double[] step = new double[frames];
            int start = n / 2;
            for (int i = 0; i < frames; i++) {
                long s = System.nanoTime();
                r.frame(Math.min(n - 1, start + i));
                step[i] = (System.nanoTime() - s) / 1e6;
            }
            double[] update = new double[frames];
            for (int i = 0; i < frames; i++) {
                int at = random.nextInt(n);
                long s = System.nanoTime();
                cursor.seek(at);
                r.scene().getRoot().applyCss();
                r.scene().getRoot().layout();
                update[i] = (System.nanoTime() - s) / 1e6;
            }
            double[] state = new double[frames];
            double[] seekOnly = new double[frames];
            double[] css = new double[frames];
            double[] layout = new double[frames];
            double[] draw = new double[frames];
            LaneViewModel lane = cursor.focusedLaneModel();
            for (int i = 0; i < frames; i++) {
                int at = random.nextInt(n);
                long s = System.nanoTime();
                lane.replays().stateAt(cursor.beats().indexIn(0, at));
                state[i] = (System.nanoTime() - s) / 1e6;
                s = System.nanoTime();
                cursor.seek(at);
                seekOnly[i] = (System.nanoTime() - s) / 1e6;
                s = System.nanoTime();
                r.scene().getRoot().applyCss();
                css[i] = (System.nanoTime() - s) / 1e6;
                s = System.nanoTime();
                r.scene().getRoot().layout();
                layout[i] = (System.nanoTime() - s) / 1e6;
                s = System.nanoTime();
                r.scene().snapshot(null);
                draw[i] = (System.nanoTime() - s) / 1e6;
            }
            return new double[][] {seek, step, update, state, seekOnly, css, layout, draw};
        });
        out.printf("frame %dx%d, random seek (update+css+layout+draw): %s%n", width, height, stats(result[0]));
        out.printf("frame %dx%d, step forward  (update+css+layout+draw): %s%n", width, height, stats(result[1]));
        out.printf("scene update only (seek+css+layout, no raster):      %s%n", stats(result[2]));
        out.printf("  of which: replay state %s%n", stats(result[3]));
        out.printf("  cursor seek + lane refresh %s%n", stats(result[4]));
        out.printf("  css %s%n", stats(result[5]));
        out.printf("  layout %s%n", stats(result[6]));
        out.printf("  snapshot (raster) %s%n", stats(result[7]));
        return LockstepCommand.OK;
    }

    static String stats(double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        return String.format(java.util.Locale.ROOT, "median %.1f ms, p95 %.1f ms, max %.1f ms (n=%d)",
                s[s.length / 2], s[(int) (s.length * 0.95)], s[s.length - 1], s.length);
    }

    static boolean isEvent(Event e) {
        return e != null;
    }
}
