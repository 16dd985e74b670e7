package lockstep.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.gui.demo.DemoTraces;
import lockstep.gui.render.FrameRenderer;
import lockstep.gui.render.HeadlessFx;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;

/** Renders frames of the herd trace headless and writes them as PNGs under target/previews (to look at). */
class RenderPreviewTest {

    @Test
    void rendersHerdFramesAsPngs() throws Exception {
        HeadlessFx.start();
        Path dir = Path.of("target", "previews");
        Files.createDirectories(dir);
        HeadlessFx.call(() -> {
            ReplayCursor cursor = new ReplayCursor(List.of(new LaneViewModel(DemoTraces.herd("naive", 8)),
                    new LaneViewModel(DemoTraces.herd("sequential", 8))));
            FrameRenderer r = new FrameRenderer(cursor, 1400, 860, false, false);
            r.frameImage(0);
            cursor.seek(0);
            // the beat of the first release's notifications in the naive lane, and the beat before it
            int release = cursor.beats().beatOf(0, firstFired(cursor.lanes().get(0)));
            FrameRenderer.writePng(r.frameImage(release), dir.resolve("herd-release.png"));
            FrameRenderer.writePng(r.frameImage(release - 1), dir.resolve("herd-waiting.png"));
            FrameRenderer dark = new FrameRenderer(new ReplayCursor(List.of(
                    new LaneViewModel(DemoTraces.herd("naive", 8)),
                    new LaneViewModel(DemoTraces.herd("sequential", 8)))), 1400, 860, true, false);
            FrameRenderer.writePng(dark.frameImage(release), dir.resolve("herd-dark.png"));
            return null;
        });
        assertTrue(Files.size(dir.resolve("herd-release.png")) > 10_000);
    }

    static int firstFired(LaneViewModel lane) {
        for (var e : lane.events()) {
            if (e instanceof lockstep.simulator.trace.Event.WatchFired) {
                return e.index();
            }
        }
        return 0;
    }
}
