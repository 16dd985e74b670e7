package lockstep.gui.viewmodel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import lockstep.simulator.export.Export;
import lockstep.simulator.export.ExportFiles;
import lockstep.simulator.export.Exports;
import lockstep.simulator.export.MetricsCsv;

/**
 * The window's exports of the open run, as commands: each format of {@code lockstep export}'s registry
 * ({@link Exports}: the sequence diagram and ShiViz log of the focused lane, the metrics of every lane), a PNG of the
 * lanes at the cursor and a GIF of the whole run. Steps of each command:
 * refuse (one sentence in {@link #refusalProperty()}) when no run is open; take the lanes as they are now; make the
 * file in the background with the same code as {@code lockstep export} and {@code lockstep render}; report "wrote FILE" in
 * {@link #savedProperty()} or the one-line error through the window's error dialog.
 * Guarantees: a file is written under a temporary name and renamed, never half-written; only one picture job runs at a
 * time, with its progress in {@link #progressProperty()}, and {@link #cancel()} stops it without writing anything.
 */
public final class RunExports {

    /**
     * Draws lanes as the window shows them (the same drawing as {@code lockstep render}). Called off the FX thread; an
     * implementation hands its drawing to the FX thread itself.
     */
    public interface Pictures {

        /** Writes a PNG of {@code lanes} at beat {@code beat}, {@code width} x {@code height} pixels. */
        void savePng(List<LaneViewModel> lanes, int beat, Look look, Path out) throws Exception;

        /** Writes a GIF of every beat of {@code lanes}; reports progress, and stops when {@link Progress#cancelled}. */
        void saveGif(List<LaneViewModel> lanes, Look look, Path out, Progress progress) throws Exception;

        /** For a view model without a drawing (tests of other things): refuses pictures. */
        Pictures NONE = new Pictures() {
            @Override
            public void savePng(List<LaneViewModel> lanes, int beat, Look look, Path out) {
                throw new UnsupportedOperationException("pictures are not drawn here");
            }

            @Override
            public void saveGif(List<LaneViewModel> lanes, Look look, Path out, Progress progress) {
                throw new UnsupportedOperationException("pictures are not drawn here");
            }
        };
    }

    /** How a picture is drawn: its size in pixels and the window's theme. */
    public record Look(int width, int height, boolean dark, boolean presentation) {

        /** This look no larger than {@code maxWidth} x {@code maxHeight}. */
        public Look atMost(int maxWidth, int maxHeight) {
            return new Look(Math.min(width, maxWidth), Math.min(height, maxHeight), dark, presentation);
        }
    }

    /**
     * A GIF is drawn at most at {@code lockstep render}'s default size: every frame is held in memory until the shared
     * palette is known, and 160 frames of a full-screen window would take gigabytes.
     */
    public static final int GIF_MAX_WIDTH = 1400;
    public static final int GIF_MAX_HEIGHT = 860;

    /** A picture job's side of the progress: frames done, and whether the user asked it to stop. */
    public interface Progress {
        void done(int frames, int total);

        boolean cancelled();
    }

    private final Supplier<ReplayCursor> cursor;
    private final Supplier<String> spec;
    private final Executor background;
    private final Consumer<Runnable> fx;
    private final BiConsumer<String, String> fail;
    private final Pictures pictures;

    private final ReadOnlyStringWrapper refusal = new ReadOnlyStringWrapper(this, "refusal", ExportTexts.text(ExportTexts.NO_RUN));
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress");
    private final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper(this, "progressText", "");
    private final ReadOnlyStringWrapper saved = new ReadOnlyStringWrapper(this, "saved", "");
    private volatile AtomicBoolean cancelled = new AtomicBoolean();

    RunExports(Supplier<ReplayCursor> cursor, Supplier<String> spec, Executor background, Consumer<Runnable> fx,
               BiConsumer<String, String> fail, Pictures pictures) {
        this.cursor = cursor;
        this.spec = spec;
        this.background = background;
        this.fx = fx;
        this.fail = fail;
        this.pictures = pictures;
    }

    /** Called by the window's view model when what is open changes. */
    void runChanged() {
        refusal.set(cursor.get() == null ? ExportTexts.text(ExportTexts.NO_RUN) : "");
    }

    /** The formats of {@code lockstep export}, each a command of {@link #export}: the registry, in its order. */
    public List<Export> formats() {
        return Exports.all();
    }

    /**
     * Writes one format of {@code lockstep export} with its own code: one of the focused lane's trace (the sequence
     * diagram, the ShiViz log), or of every lane's, each named "SCENARIO: LANE" (the metrics).
     */
    public void export(Export format, Path out) {
        String from = spec.get();
        textExport(out, lanes -> {
            List<MetricsCsv.Run> runs = new ArrayList<>();
            if (format.takesSeveralTraces()) {
                for (LaneViewModel lane : lanes) {
                    runs.add(new MetricsCsv.Run(from + ": " + lane.title(), lane.events()));
                }
            } else {
                LaneViewModel lane = focused();
                runs.add(new MetricsCsv.Run(from + ": " + lane.title(), lane.events()));
            }
            return format.textOf(runs);
        });
    }

    /** Writes a PNG of the lanes at the cursor's beat, drawn as {@code lockstep render} draws them. */
    public void saveFrame(Path out, Look look) {
        ReplayCursor now = startable();
        if (now == null) {
            return;
        }
        int beat = now.getIndex();
        List<LaneViewModel> lanes = now.lanes();
        startJob(ExportTexts.text(ExportTexts.DRAWING_FRAME), out, job -> pictures.savePng(lanes, beat, look, out));
    }

    /**
     * Writes every beat of the run as a looping GIF (the writer of {@code lockstep render --gif}), with progress; at the
     * window's size up to {@value #GIF_MAX_WIDTH} x {@value #GIF_MAX_HEIGHT}.
     */
    public void saveGif(Path out, Look look) {
        ReplayCursor now = startable();
        if (now == null) {
            return;
        }
        List<LaneViewModel> lanes = now.lanes();
        Look small = look.atMost(GIF_MAX_WIDTH, GIF_MAX_HEIGHT);
        startJob(ExportTexts.text(ExportTexts.DRAWING_GIF), out, job -> pictures.saveGif(lanes, small, out, job));
    }

    /** Stops the picture job under way; nothing is written. */
    public void cancel() {
        cancelled.set(true);
    }

    private LaneViewModel focused() {
        return cursor.get().focusedLaneModel();
    }

    private interface Text {
        String of(List<LaneViewModel> lanes) throws Exception;
    }

    private interface Job {
        void run(Progress progress) throws Exception;
    }

    private void textExport(Path out, Text text) {
        ReplayCursor now = startable();
        if (now == null) {
            return;
        }
        List<LaneViewModel> lanes = now.lanes();
        startJob(ExportTexts.text(ExportTexts.WRITING), out, job -> ExportFiles.write(out, text.of(lanes)));
    }

    /** The cursor, or null after reporting why nothing can start (no run, a job under way, a bad place to write). */
    private ReplayCursor startable() {
        ReplayCursor now = cursor.get();
        if (now == null) {
            fail.accept(ExportTexts.text(ExportTexts.CANNOT_EXPORT), ExportTexts.text(ExportTexts.NO_RUN));
            return null;
        }
        if (busy.get()) {
            fail.accept(ExportTexts.text(ExportTexts.CANNOT_EXPORT), ExportTexts.text(ExportTexts.BUSY));
            return null;
        }
        return now;
    }

    private void startJob(String what, Path out, Job job) {
        String where = whereProblem(out);
        if (where != null) {
            fail.accept(ExportTexts.text(ExportTexts.CANNOT_EXPORT), where);
            return;
        }
        AtomicBoolean stop = new AtomicBoolean();
        cancelled = stop;
        busy.set(true);
        progress.set(-1);
        progressText.set(what);
        Progress reporter = new Progress() {
            @Override
            public void done(int frames, int total) {
                fx.accept(() -> {
                    if (!stop.get()) {
                        progress.set(total <= 0 ? -1 : frames / (double) total);
                        progressText.set(what + " " + frames + " / " + total);
                    }
                });
            }

            @Override
            public boolean cancelled() {
                return stop.get();
            }
        };
        background.execute(() -> {
            try {
                job.run(reporter);
                fx.accept(() -> finish(ExportTexts.wrote(out)));
            } catch (CancellationException e) {
                fx.accept(() -> finish(ExportTexts.text(ExportTexts.CANCELLED)));
            } catch (Exception | OutOfMemoryError e) {
                String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                fx.accept(() -> {
                    finish("");
                    fail.accept(ExportTexts.text(ExportTexts.CANNOT_EXPORT), out + ": " + why);
                });
            }
        });
    }

    private void finish(String message) {
        busy.set(false);
        progress.set(0);
        progressText.set("");
        saved.set(message);
    }

    /** Why {@code out} cannot be written (one line, as {@code lockstep export} says it), or null. */
    static String whereProblem(Path out) {
        if (Files.isDirectory(out)) {
            return out + " is a directory (a file to write)";
        }
        Path directory = out.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            return "no such directory: " + directory + " (a file in an existing directory)";
        }
        if (!Files.isWritable(directory)) {
            return "cannot write in " + directory + " (a file in a directory you may write to)";
        }
        return null;
    }

    /** Why nothing can be exported now (a sentence for the menu), or empty when a run is open. */
    public ReadOnlyStringProperty refusalProperty() {
        return refusal.getReadOnlyProperty();
    }

    /** True while a file is being made. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The picture job's progress from 0 to 1, or -1 while it is not known yet. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** What is being made ("Drawing the GIF 40 / 120"). */
    public ReadOnlyStringProperty progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    /** The last job's outcome: "wrote FILE", "cancelled: nothing written", or empty after an error. */
    public ReadOnlyStringProperty savedProperty() {
        return saved.getReadOnlyProperty();
    }
}
