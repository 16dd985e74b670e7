package lockstep.gui.viewmodel;

import java.util.List;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import lockstep.simulator.trace.Event;

/**
 * The replay cursor shared by every lane: one position, many lanes, stepping together.
 *
 * <p><b>Synchronisation rule.</b> The cursor moves by event within the <em>focused</em> lane (Left/Right) and by script
 * line across all lanes (Shift+Left/Right). The other lanes follow by script line: when the focused lane is at event
 * {@code i} of script line {@code k}, which it has run for fraction {@code f} of that line's events (0 at the line's
 * first event, 1 at its last), every other lane shows its own line {@code k} at the same fraction, rounded to the
 * nearest event. So all lanes enter a script line together, show its start together and finish it together, however
 * many events each algorithm needs for it (the naive lock needs many more than the sequential one to hand over). A lane
 * whose run has fewer lines shows its last event.
 */
public final class ReplayCursor {

    /** Events per second at speed 1. */
    public static final double EVENTS_PER_SECOND = 4;

    private final List<LaneViewModel> lanes;
    private LaneViewModel focus;

    private final ReadOnlyIntegerWrapper focusedLane = new ReadOnlyIntegerWrapper(this, "focusedLane", 0);
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(this, "index");
    private final ReadOnlyIntegerWrapper size = new ReadOnlyIntegerWrapper(this, "size");
    private final ReadOnlyIntegerWrapper step = new ReadOnlyIntegerWrapper(this, "step");
    private final ReadOnlyIntegerWrapper stepCount = new ReadOnlyIntegerWrapper(this, "stepCount");
    private final ReadOnlyBooleanWrapper canGoBack = new ReadOnlyBooleanWrapper(this, "canGoBack");
    private final ReadOnlyBooleanWrapper canGoForward = new ReadOnlyBooleanWrapper(this, "canGoForward");
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(this, "playing");
    private final ReadOnlyStringWrapper narration = new ReadOnlyStringWrapper(this, "narration", "");
    private final ReadOnlyStringWrapper position = new ReadOnlyStringWrapper(this, "position", "");
    private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1);

    public ReplayCursor(List<LaneViewModel> lanes) {
        if (lanes.isEmpty()) {
            throw new IllegalArgumentException("a cursor needs at least one lane");
        }
        this.lanes = List.copyOf(lanes);
        focus(0);
    }

    public List<LaneViewModel> lanes() {
        return lanes;
    }

    public LaneViewModel focusedLaneModel() {
        return focus;
    }

    /** Makes lane {@code k} the one whose events Left/Right step through; its position is kept. */
    public void focus(int k) {
        int target = Math.max(0, Math.min(lanes.size() - 1, k));
        focus = lanes.get(target);
        for (LaneViewModel lane : lanes) {
            lane.setFocused(lane == focus);
        }
        focusedLane.set(target);
        size.set(focus.size());
        stepCount.set(focus.stepCount());
        seek(focus.getIndex());
    }

    /** Moves the focused lane to event {@code i} (clamped) and the others to the same script line. */
    public void seek(int i) {
        focus.seek(i);
        int at = focus.getIndex();
        int k = focus.stepOf(at);
        int start = focus.stepStart(k);
        int len = focus.stepEnd(k) - start + 1;
        double fraction = len <= 1 ? 1.0 : (double) (at - start) / (len - 1);
        for (LaneViewModel lane : lanes) {
            if (lane != focus) {
                lane.seek(otherIndex(lane, k, fraction));
            }
        }
        index.set(at);
        step.set(k);
        canGoBack.set(at > 0);
        canGoForward.set(at < focus.size() - 1);
        if (!canGoForward.get()) {
            playing.set(false);
        }
        narration.set(focus.getState().narration());
        String line = k == 0 ? "before the script" : "script line " + k + " of " + focus.stepCount() + ": "
                + focus.stepText(k);
        position.set("event " + at + " / " + (focus.size() - 1) + " · " + line);
    }

    static int otherIndex(LaneViewModel lane, int k, double fraction) {
        if (k > lane.stepCount()) {
            return lane.size() - 1;
        }
        int start = lane.stepStart(k);
        int len = lane.stepEnd(k) - start + 1;
        return start + (int) Math.round(fraction * (len - 1));
    }

    public void forward() {
        seek(index.get() + 1);
    }

    public void back() {
        seek(index.get() - 1);
    }

    /** To the first event of the next script line (or the end). */
    public void nextLine() {
        int k = focus.stepOf(index.get());
        seek(k < focus.stepCount() ? focus.stepStart(k + 1) : focus.size() - 1);
    }

    /** To the first event of this script line, or of the previous one when already there. */
    public void previousLine() {
        int k = focus.stepOf(index.get());
        int start = focus.stepStart(k);
        seek(index.get() > start ? start : focus.stepStart(k - 1));
    }

    public void home() {
        seek(0);
    }

    public void end() {
        seek(focus.size() - 1);
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

    /** One beat of playback: one event forward while playing. */
    public void tick() {
        if (playing.get()) {
            forward();
        }
    }

    /** The event at the cursor in the focused lane. */
    /** True when the focused lane has a checker finding at event {@code index}: the events list marks its row. */
    public boolean isFindingAt(int index) {
        return focusedLaneModel().replays().violations().stream().anyMatch(f -> f.at() == index);
    }

    public Event currentEvent() {
        return focus.events().get(index.get());
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

    /** Playback speed, a multiplier of {@link #EVENTS_PER_SECOND}. */
    public DoubleProperty speedProperty() {
        return speed;
    }
}
