package lockstep.gui.render;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.RunExports;

/**
 * The window's PNG and GIF exports, drawn by the {@link FrameRenderer} that {@code lockstep render} uses. Steps:
 * copy the lanes into a cursor of their own (the window's cursor never moves), draw on the FX thread a few frames at a time (so
 * the window keeps answering between batches), then encode and write off the FX thread.
 * Guarantees: the same pixels as {@code render} for the same lanes, beat and size; a cancelled GIF writes nothing.
 */
public final class LanePictures implements RunExports.Pictures {

    /** Frames drawn per visit to the FX thread: small enough that the window never stalls for long. */
    private static final int BATCH = 4;

    @Override
    public void savePng(List<LaneViewModel> lanes, int beat, RunExports.Look look, Path out) throws Exception {
        ReplayCursor copy = copyOf(lanes);
        BufferedImage image = HeadlessFx.call(() -> new FrameRenderer(copy, look.width(), look.height(), look.dark(),
                look.presentation()).frameImage(beat));
        FrameRenderer.writePng(FindingsBand.onto(image, findings(lanes)), out);
    }

    @Override
    public void saveGif(List<LaneViewModel> lanes, RunExports.Look look, Path out, RunExports.Progress progress)
            throws Exception {
        ReplayCursor copy = copyOf(lanes);
        int beats = copy.sizeProperty().get();
        List<Integer> indices = FrameRenderer.gifIndices(beats);
        FrameRenderer renderer = HeadlessFx.call(() -> new FrameRenderer(copy, look.width(), look.height(),
                look.dark(), look.presentation()));
        List<BufferedImage> frames = new ArrayList<>();
        List<Integer> delays = new ArrayList<>();
        // the encoding counts as one more step, so the bar does not stand full while the file is still being written
        int total = indices.size() + 1;
        for (int from = 0; from < indices.size(); from += BATCH) {
            if (progress.cancelled()) {
                throw new CancellationException();
            }
            List<Integer> batch = indices.subList(from, Math.min(indices.size(), from + BATCH));
            HeadlessFx.call(() -> {
                for (int i : batch) {
                    frames.add(renderer.animationFrame(i));
                    delays.add(FrameRenderer.gifDelayMs(copy, i));
                }
                return null;
            });
            progress.done(frames.size(), total);
        }
        if (progress.cancelled()) {
            throw new CancellationException();
        }
        FrameRenderer.writeGif(frames, delays, out);
        progress.done(total, total);
    }

    /** What the band says of the lanes' runs, as {@code render} says it; null when none has a failure. */
    private static String findings(List<LaneViewModel> lanes) {
        return FindingsBand.words(lanes.stream().map(LaneViewModel::events).toList());
    }

    private static ReplayCursor copyOf(List<LaneViewModel> lanes) {
        List<LaneViewModel> copies = new ArrayList<>();
        for (LaneViewModel lane : lanes) {
            copies.add(new LaneViewModel(lane.replays(), lane.title()));
        }
        return new ReplayCursor(copies);
    }
}
