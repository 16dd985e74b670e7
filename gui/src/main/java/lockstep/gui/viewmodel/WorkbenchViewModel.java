package lockstep.gui.viewmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.prefs.Preferences;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import lockstep.simulator.BadInputException;
import lockstep.simulator.trace.Event;

/**
 * The whole window's state: what is open (scenario or trace, algorithms, seed), the {@link ReplayCursor} over its
 * lanes, the theme, presentation mode, the recent files and the last error. Opening runs in the background; a failure
 * keeps what was open and publishes its one-line message in {@link #errorProperty()}.
 */
public final class WorkbenchViewModel {

    public static final int MAX_LANES = 3;
    private static final int MAX_RECENT = 8;

    private final TraceSource source;
    private final Executor background;
    private final Consumer<Runnable> fx;
    private final Preferences prefs;

    private final ReadOnlyObjectWrapper<ReplayCursor> cursor = new ReadOnlyObjectWrapper<>(this, "cursor");
    private final ReadOnlyStringWrapper spec = new ReadOnlyStringWrapper(this, "spec", "");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ObservableList<String> algorithms = FXCollections.observableArrayList();
    // One read-only view, kept: a fresh wrapper per call would drop the listeners added to it once collected.
    private final ObservableList<String> algorithmsView = FXCollections.unmodifiableObservableList(algorithms);
    private final ReadOnlyObjectWrapper<Long> seed = new ReadOnlyObjectWrapper<>(this, "seed");
    private final ReadOnlyBooleanWrapper traceFile = new ReadOnlyBooleanWrapper(this, "traceFile");
    private final ReadOnlyBooleanWrapper canAddLane = new ReadOnlyBooleanWrapper(this, "canAddLane");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper dark = new ReadOnlyBooleanWrapper(this, "dark");
    private final ReadOnlyBooleanWrapper presentation = new ReadOnlyBooleanWrapper(this, "presentation");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyIntegerWrapper errorCount = new ReadOnlyIntegerWrapper(this, "errorCount");
    private final ObservableList<String> recent = FXCollections.observableArrayList();
    private final ObservableList<String> recentView = FXCollections.unmodifiableObservableList(recent);

    /**
     * @param background runs loads (a thread pool in the window, {@code Runnable::run} in tests)
     * @param fx         runs results on the FX thread ({@code Platform::runLater}, or {@code Runnable::run})
     * @param prefs      where recent files are kept; null keeps them in memory only
     */
    public WorkbenchViewModel(TraceSource source, Executor background, Consumer<Runnable> fx, Preferences prefs) {
        this.source = source;
        this.background = background;
        this.fx = fx;
        this.prefs = prefs;
        if (prefs != null) {
            for (int i = 0; i < MAX_RECENT; i++) {
                String r = prefs.get("recent." + i, null);
                if (r != null) {
                    recent.add(r);
                }
            }
        }
    }

    public TraceSource source() {
        return source;
    }

    /**
     * Opens {@code spec} with the lanes in use (or the defaults "naive" and "sequential") and the scenario's own seed, so
     * that the window shows what {@code lockstep run} shows for it.
     */
    public void open(String spec) {
        List<String> algs = algorithms.isEmpty() || traceFile.get() ? List.of("naive", "sequential")
                : List.copyOf(algorithms);
        open(spec, algs, null);
    }

    /** Opens {@code spec} with these algorithms (1 to 3) and seed (null: the scenario's). */
    public void open(String spec, List<String> algs, Long newSeed) {
        List<String> lanes = algs.size() > MAX_LANES ? algs.subList(0, MAX_LANES) : algs;
        loading.set(true);
        background.execute(() -> {
            try {
                TraceSource.Loaded loaded = source.load(spec, lanes, newSeed);
                fx.accept(() -> show(loaded));
            } catch (BadInputException e) {
                fx.accept(() -> fail(e.getMessage()));
            } catch (RuntimeException e) {
                String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                fx.accept(() -> fail(spec + ": " + why));
            }
        });
    }

    private void show(TraceSource.Loaded loaded) {
        List<LaneViewModel> lanes = new ArrayList<>();
        for (List<Event> trace : loaded.traces()) {
            lanes.add(new LaneViewModel(trace));
        }
        int keep = cursor.get() == null ? 0 : cursor.get().stepProperty().get();
        ReplayCursor next = new ReplayCursor(lanes);
        if (loaded.spec().equals(spec.get()) && keep > 0) {
            next.seek(next.beats().firstBeatOfStep(keep));
        }
        spec.set(loaded.spec());
        title.set(loaded.title());
        traceFile.set(loaded.traceFile());
        List<String> algs = new ArrayList<>();
        for (LaneViewModel lane : lanes) {
            algs.add(lane.algorithm());
        }
        algorithms.setAll(algs);
        Event.RunStarted run = lanes.get(0).replays().run();
        seed.set(run.seed());
        canAddLane.set(!loaded.traceFile() && algs.size() < MAX_LANES);
        cursor.set(next);
        loading.set(false);
        if (loaded.spec().contains("/") || loaded.spec().contains("\\") || loaded.spec().contains(".")) {
            remember(loaded.spec());
        }
    }

    private void fail(String message) {
        loading.set(false);
        error.set(message);
        errorCount.set(errorCount.get() + 1);
    }

    private void remember(String path) {
        recent.remove(path);
        recent.add(0, path);
        while (recent.size() > MAX_RECENT) {
            recent.remove(recent.size() - 1);
        }
        if (prefs != null) {
            for (int i = 0; i < MAX_RECENT; i++) {
                if (i < recent.size()) {
                    prefs.put("recent." + i, recent.get(i));
                } else {
                    prefs.remove("recent." + i);
                }
            }
        }
    }

    /** Adds a lane running {@code algorithm} (at most {@value #MAX_LANES}; not for a trace file). */
    public void addLane(String algorithm) {
        if (!canAddLane.get() || algorithms.contains(algorithm)) {
            return;
        }
        List<String> algs = new ArrayList<>(algorithms);
        algs.add(algorithm);
        open(spec.get(), algs, seed.get());
    }

    /** Removes a lane; the last one stays. */
    public void removeLane(String algorithm) {
        if (algorithms.size() <= 1 || !algorithms.contains(algorithm)) {
            return;
        }
        List<String> algs = new ArrayList<>(algorithms);
        algs.remove(algorithm);
        open(spec.get(), algs, seed.get());
    }

    /** Runs the scenario again with another seed. */
    public void changeSeed(long value) {
        if (traceFile.get() || (seed.get() != null && seed.get() == value)) {
            return;
        }
        open(spec.get(), List.copyOf(algorithms), value);
    }

    public void toggleDark() {
        dark.set(!dark.get());
    }

    public void togglePresentation() {
        presentation.set(!presentation.get());
    }

    public ReadOnlyObjectProperty<ReplayCursor> cursorProperty() {
        return cursor.getReadOnlyProperty();
    }

    public ReplayCursor getCursor() {
        return cursor.get();
    }

    public ReadOnlyStringProperty specProperty() {
        return spec.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** The lanes' algorithms, in lane order (read-only). */
    public ObservableList<String> algorithms() {
        return algorithmsView;
    }

    public ReadOnlyObjectProperty<Long> seedProperty() {
        return seed.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty traceFileProperty() {
        return traceFile.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canAddLaneProperty() {
        return canAddLane.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty darkProperty() {
        return dark.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty presentationProperty() {
        return presentation.getReadOnlyProperty();
    }

    /** The last error's one line ({@code FILE:LINE:COLUMN: ...}). */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Counts errors, so that the same message twice is seen twice. */
    public ReadOnlyIntegerProperty errorCountProperty() {
        return errorCount.getReadOnlyProperty();
    }

    public ObservableList<String> recent() {
        return recentView;
    }
}
