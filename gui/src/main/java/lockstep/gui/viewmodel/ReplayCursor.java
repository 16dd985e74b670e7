package lockstep.gui.viewmodel;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import lockstep.simulator.replay.Beats;
import lockstep.simulator.trace.Event;

import lockstep.algorithms.text.Texts;
import lockstep.gui.text.WindowTexts;

/**
 * The replay cursor shared by every lane: one position, many lanes, stepping together.
 *
 * <p><b>Synchronisation rule.</b> The cursor moves by {@link Beats beats}, not by event: a script line, and within a
 * line its phases (the call that changes the tree, the notifications it causes, the grant, the other re-checks). Every
 * lane shows the same beat at the same time; a lane with nothing to do in a phase holds still. Left/Right move one
 * beat; Shift+Right moves to the <em>end</em> of the next script line and Shift+Left to the end of the previous one,
 * where a line's effects (its notifications, its grant, the re-checks) are all on screen: the course's "press
 * Shift+Right until the status line names ..." lands on the moment its text describes. The cursor never stops inside
 * a step (between a call, the node it created or deleted, and the client's resulting state).
 *
 * <p><b>Playback.</b> Play runs to the last beat. Only when {@link #stopAtMarks} is set (presentation mode: a teacher
 * talks over each moment) does it stop at each narration and at the end of each release, until played again. Every
 * step command (a beat, a line, first, last, a finding, an event) pauses playback: the user has taken the wheel.
 */
public final class ReplayCursor {

    /** Beats per second at speed 1. */
    public static final double EVENTS_PER_SECOND = 1.5;

    private final List<LaneViewModel> lanes;
    private final Beats beats;
    private LaneViewModel focus;
    private int focusIndex;

    private final ReadOnlyIntegerWrapper focusedLane = new ReadOnlyIntegerWrapper(this, "focusedLane", 0);
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(this, "index", -1);
    private final ReadOnlyIntegerWrapper size = new ReadOnlyIntegerWrapper(this, "size");
    private final ReadOnlyIntegerWrapper step = new ReadOnlyIntegerWrapper(this, "step");
    private final ReadOnlyIntegerWrapper stepCount = new ReadOnlyIntegerWrapper(this, "stepCount");
    private final ReadOnlyBooleanWrapper canGoBack = new ReadOnlyBooleanWrapper(this, "canGoBack");
    private final ReadOnlyBooleanWrapper canGoForward = new ReadOnlyBooleanWrapper(this, "canGoForward");
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(this, "playing");
    private final ReadOnlyStringWrapper narration = new ReadOnlyStringWrapper(this, "narration", "");
    private final ReadOnlyStringWrapper position = new ReadOnlyStringWrapper(this, "position", "");
    private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1);
    private final BooleanProperty stopAtMarks = new SimpleBooleanProperty(this, "stopAtMarks");
    private final ReadOnlyIntegerWrapper chosenEvent = new ReadOnlyIntegerWrapper(this, "chosenEvent", -1);
    private ScenarioWords words = ScenarioWords.english("");

    public ReplayCursor(List<LaneViewModel> lanes) {
        if (lanes.isEmpty()) {
            throw new IllegalArgumentException("a cursor needs at least one lane");
        }
        this.lanes = List.copyOf(lanes);
        List<List<Event>> traces = new ArrayList<>();
        for (LaneViewModel lane : this.lanes) {
            traces.add(lane.events());
        }
        beats = Beats.of(traces);
        size.set(beats.size());
        stepCount.set(beats.stepCount());
        for (int k = 0; k < this.lanes.size(); k++) {
            this.lanes.get(k).attach(beats, k);
        }
        focus(0);
        seek(0);
    }

    public List<LaneViewModel> lanes() {
        return lanes;
    }

    /** The beats every lane steps through. */
    public Beats beats() {
        return beats;
    }

    public LaneViewModel focusedLaneModel() {
        return focus;
    }

    /** Makes lane {@code k} the one the inspector and timeline show; the beat is kept. */
    public void focus(int k) {
        int target = Math.max(0, Math.min(lanes.size() - 1, k));
        focus = lanes.get(target);
        focusIndex = target;
        for (LaneViewModel lane : lanes) {
            lane.setFocused(lane == focus);
        }
        // Re-show the same beat first, then announce the new focus: a listener never sees a beat of -1 (the timeline
        // draws from both).
        if (index.get() >= 0) {
            seek(index.get());
        }
        focusedLane.set(target);
    }

    /** Moves every lane to beat {@code b} (clamped); an event chosen in the log is no longer chosen. */
    public void seek(int b) {
        move(b, -1);
    }

    private void move(int b, int chosen) {
        int at = Math.max(0, Math.min(beats.size() - 1, b));
        chosenEvent.set(chosen);
        for (LaneViewModel lane : lanes) {
            lane.showBeat(at);
        }
        Beats.Beat beat = beats.beat(at);
        step.set(beat.step());
        canGoBack.set(at > 0);
        canGoForward.set(at < beats.size() - 1);
        if (!canGoForward.get()) {
            playing.set(false);
        }
        // The banner sits over every lane: it shows a say line only when it is the same in every lane. A line limited
        // to some algorithms (or worded per algorithm) is shown by each lane it is for, in the lane's own caption.
        String common = focus.getState().narration();
        for (LaneViewModel lane : lanes) {
            if (!lane.getState().narration().equals(common)) {
                common = "";
            }
        }
        // The traces record the English text; the window shows it in its language, found in the scenario's words.
        String language = Texts.language().tag();
        for (LaneViewModel lane : lanes) {
            lane.setOwnNarration(common.isEmpty() ? said(lane.getState(), language) : "");
        }
        // A say line stands at its own beats; through the line it announces it is shown as said before that line
        // (the line may change what it says); then the banner shows the scenario's title, never a statement the
        // run may since have made untrue. Before the script the banner is the title card: title and description.
        boolean anyOwn = lanes.stream().anyMatch(lane -> !lane.getState().narration().isEmpty());
        narration.set(common.isEmpty() && !anyOwn ? (beat.step() == 0 ? words.titleCard(language) : words.title(language))
                : common.isEmpty() ? "" : said(focus.getState(), language));
        int k = beat.step();
        String line = k == 0 ? WindowTexts.text("footer.before-the-script")
                : WindowTexts.text("footer.script-line", k, beats.stepCount(), lineText(k))
                        + (beat.phase() == Beats.Phase.CALL ? ""
                                : " · " + WindowTexts.text("phase." + beat.phase().name().toLowerCase(java.util.Locale.ROOT)));
        position.set(WindowTexts.text("footer.beat", at, beats.size() - 1, line));
        index.set(at);
    }

    /**
     * The scenario's texts in every language, so the narration shows in the window's language (the traces record
     * it in English); redraws the current beat.
     */
    public void useWords(ScenarioWords scenarioWords) {
        this.words = scenarioWords;
        ownNarrations.clear();
        refresh();
    }

    /** A state's narration in the window's language, marked as said before the current line when it was. */
    private String said(lockstep.simulator.replay.ReplayState state, String language) {
        String text = words.narration(state.narration(), language);
        return state.narrationBefore() && !text.isEmpty() ? WindowTexts.text("banner.before", text) : text;
    }

    /** By language: the texts lanes show on their own in this run (see {@link #ownNarrations}), found once. */
    private final java.util.Map<String, List<String>> ownNarrations = new java.util.HashMap<>();

    /**
     * Every text a lane shows in a column of its own in this run (a say line limited to some lanes, or worded per lane),
     * in {@code language}, as said at that beat: what a banner of one fixed height must hold in its columns. Read at
     * the first and last beat of each script line, where a say line stands and where it is said "before this line".
     */
    public List<String> ownNarrations(String language) {
        return ownNarrations.computeIfAbsent(language, l -> {
            java.util.Set<String> out = new java.util.LinkedHashSet<>();
            for (int k = 0; k <= beats.stepCount(); k++) {
                for (int b : new int[] {beats.firstBeatOfStep(k), beats.lastBeatOfStep(k)}) {
                    List<lockstep.simulator.replay.ReplayState> states = new ArrayList<>();
                    for (int i = 0; i < lanes.size(); i++) {
                        states.add(lanes.get(i).replays().stateAt(beats.indexIn(i, b)));
                    }
                    boolean differ = states.stream().map(lockstep.simulator.replay.ReplayState::narration)
                            .distinct().count() > 1;
                    if (differ) {
                        states.forEach(st -> out.add(said(st, l)));
                    }
                }
            }
            out.remove("");
            return List.copyOf(out);
        });
    }

    /** The scenario's texts this cursor shows its narration in. */
    public ScenarioWords words() {
        return words;
    }

    /** Shows the current beat again, its texts read anew (after a switch of language). */
    public void refresh() {
        if (index.get() >= 0) {
            seek(index.get());
        }
    }

    /**
     * Script line {@code k} as the footer names it. A say line is only named: its words, which may differ per lane, are
     * in the narration banner above the lanes, and repeated here they ran past the footer's width.
     */
    private String lineText(int k) {
        String text = focus.stepText(k);
        return text.startsWith("say") ? WindowTexts.text("footer.say-above") : text;
    }

    /**
     * Chooses the focused lane's event {@code eventIndex} (a click in the event log): every lane moves to the first beat
     * that shows it (a beat shows the end of a phase, so the lane may show a later event of the same phase), and the
     * log marks the chosen event, not the beat's last one. Pauses playback.
     */
    public void seekEvent(int eventIndex) {
        pause();
        move(beats.beatOf(focusIndex, eventIndex), Math.max(-1, Math.min(focus.events().size() - 1, eventIndex)));
    }

    /** The event the focused lane shows. */
    public int eventIndex() {
        return focus.getIndex();
    }

    /**
     * The event the event log marks as current: the one chosen in it, while the cursor stays on the beat it moved to,
     * else the event the focused lane shows.
     */
    public int markedEvent() {
        return chosenEvent.get() >= 0 ? chosenEvent.get() : focus.getIndex();
    }

    /** The event chosen in the event log, -1 when the cursor has moved since (or none was). */
    public ReadOnlyIntegerProperty chosenEventProperty() {
        return chosenEvent.getReadOnlyProperty();
    }

    /** One beat on; pauses playback. */
    public void forward() {
        pause();
        seek(index.get() + 1);
    }

    /** One beat back; pauses playback. */
    public void back() {
        pause();
        seek(index.get() - 1);
    }

    /**
     * To the last beat of the next script line (the end of the run after the last line), where the line's effects are
     * all on screen; pauses playback.
     */
    public void nextLine() {
        pause();
        int k = beats.beat(index.get()).step();
        seek(k < beats.stepCount() ? beats.lastBeatOfStep(k + 1) : beats.size() - 1);
    }

    /** To the last beat of the previous script line (beat 0 from the first line); pauses playback. */
    public void previousLine() {
        pause();
        int k = beats.beat(index.get()).step();
        seek(k > 0 ? beats.lastBeatOfStep(k - 1) : 0);
    }

    /** To the first beat; pauses playback. */
    public void home() {
        pause();
        seek(0);
    }

    /** To the last beat; pauses playback. */
    public void end() {
        pause();
        seek(beats.size() - 1);
    }

    public void play() {
        if (!canGoForward.get()) {
            seek(0);
        }
        playing.set(true);
    }

    public void pause() {
        playing.set(false);
    }

    public void togglePlay() {
        if (playing.get()) {
            pause();
        } else {
            play();
        }
    }

    /**
     * One beat of playback while playing; playback stops at the last beat and, with {@link #stopAtMarks}
     * (presentation mode), at a narration (so it can be read out) and at the end of a release.
     */
    public void tick() {
        if (playing.get()) {
            seek(index.get() + 1);
            Beats.Beat beat = beats.beat(index.get());
            if (stopAtMarks.get() && (beat.narration() || (beat.release() && beat.lastOfStep()))) {
                playing.set(false);
            }
        }
    }

    /**
     * Moves to the first beat that shows the focused lane's next checker finding (failure or note) after the event it
     * shows now; false, and no move, when there is none.
     */
    public boolean nextFinding() {
        pause();
        int here = focus.getIndex();
        java.util.OptionalInt next = focus.replays().violations().stream()
                .mapToInt(lockstep.simulator.check.Finding::at).filter(at -> at > here).min();
        if (next.isEmpty()) {
            return false;
        }
        seekEvent(next.getAsInt());
        return true;
    }

    /** True when the focused lane has a checker finding at event {@code index}: the events list marks its row. */
    public boolean isFindingAt(int index) {
        return focusedLaneModel().replays().violations().stream().anyMatch(f -> f.at() == index);
    }

    public Event currentEvent() {
        return focus.events().get(focus.getIndex());
    }

    public ReadOnlyIntegerProperty focusedLaneProperty() {
        return focusedLane.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    public int getIndex() {
        return index.get();
    }

    public ReadOnlyIntegerProperty sizeProperty() {
        return size.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty stepProperty() {
        return step.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty stepCountProperty() {
        return stepCount.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canGoBackProperty() {
        return canGoBack.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canGoForwardProperty() {
        return canGoForward.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty playingProperty() {
        return playing.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty narrationProperty() {
        return narration.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty positionProperty() {
        return position.getReadOnlyProperty();
    }

    /** Playback speed, a multiplier of {@link #EVENTS_PER_SECOND} (beats per second). */
    public DoubleProperty speedProperty() {
        return speed;
    }

    /** Whether playback stops at each narration and at the end of each release (presentation mode sets it). */
    public BooleanProperty stopAtMarksProperty() {
        return stopAtMarks;
    }
}
