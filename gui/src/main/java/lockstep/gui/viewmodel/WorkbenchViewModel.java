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
import lockstep.gui.replay.Replays;
import lockstep.simulator.BadInputException;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.schedule.ReplayingScheduler;
import lockstep.simulator.trace.Event;

import lockstep.gui.text.WindowTexts;

import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;

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
    private final ReadOnlyObjectWrapper<Language> language = new ReadOnlyObjectWrapper<>(this, "language",
            Texts.language());
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
    private final ReadOnlyStringWrapper errorHeading = new ReadOnlyStringWrapper(this, "errorHeading", "");
    private final ReadOnlyIntegerWrapper errorCount = new ReadOnlyIntegerWrapper(this, "errorCount");
    private final ObservableList<String> recent = FXCollections.observableArrayList();
    private final ObservableList<String> recentView = FXCollections.unmodifiableObservableList(recent);
    /** Per lane of the cursor, the script edits that made it: none for a lane of the scenario as written. */
    private final List<List<TraceSource.Edit>> laneEdits = new ArrayList<>();
    private final RunExports exports;

    // Keys of the error dialog's headings in the window's bundle.
    private static final String OPEN_FAILED = "error.open-failed";
    private static final String BRANCH_STOPPED = "error.branch-stopped";
    private static final String BRANCH_FAILED = "error.branch-failed";

    /**
     * @param background runs loads (a thread pool in the window, {@code Runnable::run} in tests)
     * @param fx         runs results on the FX thread ({@code Platform::runLater}, or {@code Runnable::run})
     * @param prefs      where recent files are kept; null keeps them in memory only
     */
    public WorkbenchViewModel(TraceSource source, Executor background, Consumer<Runnable> fx, Preferences prefs) {
        this(source, background, fx, prefs, RunExports.Pictures.NONE, background);
    }

    /**
     * @param pictures  draws the PNG and GIF exports
     * @param exporting makes export files, apart from loads so that a long GIF never holds up opening a scenario
     */
    public WorkbenchViewModel(TraceSource source, Executor background, Consumer<Runnable> fx, Preferences prefs,
                              RunExports.Pictures pictures, Executor exporting) {
        this.source = source;
        this.exports = new RunExports(cursor::get, spec::get, exporting, fx, this::fail, pictures);
        cursor.addListener(o -> exports.runChanged());
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

    /** What the algorithm picker offers: every algorithm of the source (with a user's --lock) not yet a lane. */
    public List<String> addableAlgorithms() {
        return source.algorithms().stream().filter(a -> !algorithms.contains(a)).toList();
    }

    /** The open run's exports (SVG, ShiViz, CSV, PNG, GIF) as commands. */
    public RunExports exports() {
        return exports;
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
                // replayed and checked here, off the window's thread: a long trace's snapshots and findings take time
                List<Replays> replayed = loaded.traces().stream().map(Replays::of).toList();
                fx.accept(() -> show(loaded, replayed));
            } catch (BadInputException e) {
                fx.accept(() -> fail(WindowTexts.text(OPEN_FAILED), e.getMessage()));
            } catch (RuntimeException e) {
                String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                fx.accept(() -> fail(WindowTexts.text(OPEN_FAILED), spec + ": " + why));
            }
        });
    }

    private void show(TraceSource.Loaded loaded, List<Replays> replayed) {
        List<LaneViewModel> lanes = new ArrayList<>();
        for (Replays replays : replayed) {
            lanes.add(new LaneViewModel(replays));
        }
        int keep = cursor.get() == null ? 0 : cursor.get().stepProperty().get();
        ReplayCursor next = new ReplayCursor(lanes);
        next.useWords(loaded.words());
        if (loaded.spec().equals(spec.get()) && keep > 0) {
            next.seek(next.beats().firstBeatOfStep(keep));
        }
        spec.set(loaded.spec());
        title.set(loaded.words().title(language.get().tag()));
        traceFile.set(loaded.traceFile());
        List<String> algs = new ArrayList<>();
        for (LaneViewModel lane : lanes) {
            algs.add(lane.algorithm());
        }
        algorithms.setAll(algs);
        laneEdits.clear();
        lanes.forEach(lane -> laneEdits.add(List.of()));
        Event.RunStarted run = lanes.get(0).replays().run();
        seed.set(run.seed());
        canAddLane.set(!loaded.traceFile() && algs.size() < MAX_LANES);
        cursor.set(next);
        loading.set(false);
        if (loaded.spec().contains("/") || loaded.spec().contains("\\") || loaded.spec().contains(".")) {
            remember(loaded.spec());
        }
    }

    private void fail(String heading, String message) {
        loading.set(false);
        errorHeading.set(heading);
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

    /** What a branch line may do to a client: its script word and one line saying what it does. */
    public record BranchAction(String word, String description) {
    }

    /** "acquire", then the client faults of the fault registry that apply on one server, in registry order. */
    public static List<BranchAction> branchActions() {
        List<BranchAction> out = new ArrayList<>();
        out.add(new BranchAction(Verb.ACQUIRE.word(), WindowTexts.text("branch.acquire")));
        for (Fault f : Faults.of(Fault.Target.CLIENT)) {
            // A fault of ensembles only (move) would be refused on most lanes, and the menu must fit a small screen.
            if (!f.needsAnEnsemble()) {
                out.add(new BranchAction(f.word(), f.description()));
            }
        }
        return out;
    }

    /**
     * The branch actions for {@code client} of lane {@code lane} at the cursor: {@link #branchActions()} without
     * "acquire" when the client is already asking (requesting or waiting) or gone (crashed, expired): the run would
     * only refuse the line.
     */
    public List<BranchAction> branchActions(int lane, String client) {
        List<BranchAction> all = new ArrayList<>(branchActions());
        ReplayCursor now = cursor.get();
        if (now == null || lane < 0 || lane >= now.lanes().size()) {
            return all;
        }
        lockstep.simulator.frame.Row row = now.lanes().get(lane).frame().row(client);
        if (row != null) {
            switch (row.state()) {
                case REQUESTING, WAITING, CRASHED, EXPIRED ->
                        all.removeIf(action -> action.word().equals(Verb.ACQUIRE.word()));
                default -> {
                    // idle, released, gave up, holding (a reentrant lock takes it again; another refuses in one line)
                }
            }
        }
        return all;
    }

    /** Why lane {@code k} cannot branch now (a sentence for a tooltip), or null when it can. */
    public String branchRefusal(int k) {
        ReplayCursor now = cursor.get();
        if (now == null || k < 0 || k >= now.lanes().size()) {
            return WindowTexts.text("branch.nothing-open");
        }
        if (traceFile.get()) {
            return WindowTexts.text("branch.trace-file");
        }
        if (now.lanes().size() >= MAX_LANES) {
            return WindowTexts.text("branch.too-many-lanes", MAX_LANES);
        }
        if (loading.get()) {
            return WindowTexts.text("branch.running");
        }
        return null;
    }

    /**
     * Branches lane {@code k} at the cursor: its script up to and including the cursor's script line, then
     * {@code client word} as a new line, then the rest; the lane's choices up to the end of that line replayed, the seed
     * deciding after. Runs in the background and shows the result as a new lane ("sequential + c2 crash at line 5"),
     * focused, the cursor on the line branched from; the lanes already open stay. A line refused by the run comes back
     * in {@link #errorProperty()}.
     */
    public void branch(int k, String client, String word) {
        String why = branchRefusal(k);
        if (why != null) {
            fail(WindowTexts.text(BRANCH_FAILED), why);
            return;
        }
        ReplayCursor from = cursor.get();
        LaneViewModel lane = from.lanes().get(k);
        int step = from.stepProperty().get();
        List<Event> throughLine = lane.events().subList(0, lane.stepEnd(step) + 1);
        List<TraceSource.Edit> edits = new ArrayList<>(laneEdits.get(k));
        edits.add(new TraceSource.Edit(step, client, word));
        int line = lane.lineOf(step);
        String laneTitle = line == 0 ? WindowTexts.text("branch.title-start", lane.title(), client + " " + word)
                : WindowTexts.text("branch.title-line", lane.title(), client + " " + word, line);
        TraceSource.Branch request = new TraceSource.Branch(spec.get(), lane.algorithm(),
                lane.replays().run().seed(), edits, ReplayingScheduler.choicesOf(throughLine));
        loading.set(true);
        background.execute(() -> {
            try {
                TraceSource.BranchRun run = source.branch(request);
                // A rest of the script that stops fitting (a crashed client is not released again) ends the lane
                // early; its title says where, the dialog why.
                String title = run.stopped().isEmpty() ? laneTitle
                        : WindowTexts.text("branch.title-stops", laneTitle, lastLine(run.trace()));
                fx.accept(() -> {
                    showBranch(from, run.trace(), title, edits, step);
                    if (!run.stopped().isEmpty()) {
                        fail(WindowTexts.text(BRANCH_STOPPED), run.stopped());
                    }
                });
            } catch (BadInputException e) {
                fx.accept(() -> fail(WindowTexts.text(BRANCH_FAILED), e.getMessage()));
            } catch (RuntimeException e) {
                String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                fx.accept(() -> fail(WindowTexts.text(BRANCH_FAILED), spec.get() + ": " + message));
            }
        });
    }

    private static int lastLine(List<Event> trace) {
        lockstep.simulator.replay.Steps steps = lockstep.simulator.replay.Steps.of(trace);
        return steps.fileLine(steps.count());
    }


    private void showBranch(ReplayCursor from, List<Event> trace, String laneTitle, List<TraceSource.Edit> edits,
                            int step) {
        loading.set(false);
        if (from != cursor.get()) {
            return; // something else was opened meanwhile: the branch belongs to what is gone
        }
        List<LaneViewModel> lanes = new ArrayList<>();
        for (LaneViewModel lane : from.lanes()) {
            lanes.add(new LaneViewModel(lane.replays(), lane.title()));
        }
        lanes.add(new LaneViewModel(Replays.of(trace), laneTitle));
        laneEdits.add(List.copyOf(edits));
        ReplayCursor next = new ReplayCursor(lanes);
        next.useWords(from.words());
        next.focus(lanes.size() - 1);
        next.seek(next.beats().lastBeatOfStep(step));
        canAddLane.set(!traceFile.get() && lanes.size() < MAX_LANES);
        cursor.set(next);
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

    /** The language the window speaks; its language menu switches it with {@link #useLanguage(Language)}. */
    public ReadOnlyObjectProperty<Language> languageProperty() {
        return language.getReadOnlyProperty();
    }

    /**
     * Switches the window's language live: every later text lookup uses it; the title and the current frame are
     * shown again in it (the views re-read their own texts when this property changes).
     */
    public void useLanguage(Language chosen) {
        Texts.use(chosen);
        if (chosen == language.get()) {
            return;
        }
        ReplayCursor now = cursor.get();
        if (now != null) {
            title.set(now.words().title(chosen.tag()));
            now.refresh();
        }
        language.set(chosen);
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

    /** What the last error was about, for a dialog's heading ("Cannot open this file; ..."). */
    public ReadOnlyStringProperty errorHeadingProperty() {
        return errorHeading.getReadOnlyProperty();
    }

    /** Counts errors, so that the same message twice is seen twice. */
    public ReadOnlyIntegerProperty errorCountProperty() {
        return errorCount.getReadOnlyProperty();
    }

    public ObservableList<String> recent() {
        return recentView;
    }
}
