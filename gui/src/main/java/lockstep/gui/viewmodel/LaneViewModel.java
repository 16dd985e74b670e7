package lockstep.gui.viewmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import lockstep.simulator.check.Finding;
import lockstep.gui.replay.Replays;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * One lane: one algorithm's run of the scenario, at one event. Read-only properties for the view (the state, the
 * event, the watches firing now, the znodes just deleted, the findings to show); {@link #seek(int)} is the only command
 * and is called by the {@link ReplayCursor}, which keeps the lanes together.
 */
public final class LaneViewModel {

    private final String algorithm;
    private final Replays replays;
    private final int[] stepOfEvent;
    private final int[] stepStart;
    private final List<String> clients;

    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(this, "index", -1);
    private final ReadOnlyObjectWrapper<ReplayState> state = new ReadOnlyObjectWrapper<>(this, "state");
    private final ReadOnlyObjectWrapper<Event> event = new ReadOnlyObjectWrapper<>(this, "event");
    private final ReadOnlyObjectWrapper<List<Event.WatchFired>> firing =
            new ReadOnlyObjectWrapper<>(this, "firing", List.of());
    private final ReadOnlyObjectWrapper<List<Event.NodeDeleted>> ghosts =
            new ReadOnlyObjectWrapper<>(this, "ghosts", List.of());
    private final ReadOnlyObjectWrapper<List<Finding>> findings =
            new ReadOnlyObjectWrapper<>(this, "findings", List.of());
    private final ReadOnlyBooleanWrapper focused = new ReadOnlyBooleanWrapper(this, "focused");

    public LaneViewModel(List<Event> events) {
        this(Replays.of(events));
    }

    public LaneViewModel(Replays replays) {
        this.replays = replays;
        this.algorithm = replays.run().algorithm();
        this.clients = replays.run().clients();
        int n = replays.size();
        stepOfEvent = new int[n];
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        int step = 0;
        for (int i = 0; i < n; i++) {
            if (replays.events().get(i) instanceof Event.ScriptLine) {
                step++;
                starts.add(i);
            }
            stepOfEvent[i] = step;
        }
        stepStart = starts.stream().mapToInt(Integer::intValue).toArray();
        seek(0);
    }

    /** Moves the lane to event {@code i}, clamped to the trace. */
    public void seek(int i) {
        int target = Math.max(0, Math.min(replays.size() - 1, i));
        if (target == index.get()) {
            return;
        }
        ReplayState s = replays.stateAt(target);
        firing.set(firingAt(target));
        ghosts.set(ghostsAt(target, s));
        findings.set(findingsAt(target, s));
        event.set(replays.events().get(target));
        state.set(s);
        index.set(target);
    }

    /**
     * The notifications still "in flight" at {@code i}: delivered in this script line, at or before {@code i}, and
     * their client has not made a call since. They are drawn as a pulse running along the watch arrow to the client.
     */
    private List<Event.WatchFired> firingAt(int i) {
        List<Event.WatchFired> out = new ArrayList<>();
        List<String> acted = new ArrayList<>();
        int from = stepStart[stepOfEvent[i]];
        for (int k = i; k >= from; k--) {
            Event e = replays.events().get(k);
            if (e instanceof Event.Call c) {
                acted.add(c.client());
            } else if (e instanceof Event.ClientState c && c.state() != Event.State.REQUESTING) {
                acted.add(c.client());
            } else if (e instanceof Event.WatchFired f && !acted.contains(f.client())) {
                out.add(0, f);
            }
        }
        return List.copyOf(out);
    }

    /** Znodes deleted in this script line and not created again: drawn as ghost cards. */
    private List<Event.NodeDeleted> ghostsAt(int i, ReplayState s) {
        List<Event.NodeDeleted> out = new ArrayList<>();
        int from = stepStart[stepOfEvent[i]];
        for (int k = from; k <= i; k++) {
            if (replays.events().get(k) instanceof Event.NodeDeleted d && !s.znodes().containsKey(d.path())
                    && d.path().startsWith(s.lockPath() + "/")) {
                out.removeIf(g -> g.path().equals(d.path()));
                out.add(d);
            }
        }
        return List.copyOf(out);
    }

    /** Findings shown in the lane: from their event on, while every client involved still holds (or at the event). */
    private List<Finding> findingsAt(int i, ReplayState s) {
        List<Finding> out = new ArrayList<>();
        for (Finding v : replays.violations()) {
            if (v.at() == i || (v.at() < i && !v.clients().isEmpty() && s.holders().containsAll(v.clients()))) {
                out.add(v);
            }
        }
        return List.copyOf(out);
    }

    public String algorithm() {
        return algorithm;
    }

    public Replays replays() {
        return replays;
    }

    public List<Event> events() {
        return replays.events();
    }

    public int size() {
        return replays.size();
    }

    public List<String> clients() {
        return clients;
    }

    /** The script step (1-based, 0 before the first line) that event {@code i} belongs to. */
    public int stepOf(int i) {
        return stepOfEvent[Math.max(0, Math.min(stepOfEvent.length - 1, i))];
    }

    /** Number of script lines the run executed. */
    public int stepCount() {
        return stepStart.length - 1;
    }

    /** First event of step {@code k} (its script-line event; 0 for step 0). */
    public int stepStart(int k) {
        return stepStart[Math.max(0, Math.min(stepStart.length - 1, k))];
    }

    /** Last event of step {@code k}. */
    public int stepEnd(int k) {
        return k + 1 < stepStart.length ? stepStart[k + 1] - 1 : replays.size() - 1;
    }

    /** The text of script line {@code k} ("" for step 0). */
    public String stepText(int k) {
        if (k <= 0) {
            return "";
        }
        return replays.events().get(stepStart(k)) instanceof Event.ScriptLine s ? s.text() : "";
    }

    /** The one line under a client's state word: what it watches, holds or asks for. */
    public static String caption(ReplayState s, ReplayState.ClientView c) {
        return switch (c.state()) {
            case WAITING -> "watching " + lastSegment(c.watching());
            case HOLDING -> {
                String node = ownNode(s, c.name());
                String mode = "read".equals(c.mode()) ? " (read)" : "";
                yield node.isEmpty() ? "holds the lock" + mode : "holds " + node + mode;
            }
            case REQUESTING -> "asking for " + (c.mode().isEmpty() ? "the lock" : c.mode());
            case RELEASED -> "released the lock";
            case GAVE_UP -> "gave up waiting";
            case CRASHED -> "crashed: session lost";
            case EXPIRED -> "session expired";
            case IDLE -> "";
        };
    }

    /** The name of the znode {@code client} owns under the lock, or "". */
    public static String ownNode(ReplayState s, String client) {
        for (Map.Entry<String, ReplayState.Znode> e : s.znodes().entrySet()) {
            if (client.equals(e.getValue().owner())) {
                return lastSegment(e.getValue().name());
            }
        }
        return "";
    }

    public static String lastSegment(String path) {
        int slash = path.lastIndexOf('/');
        String name = slash < 0 ? path : path.substring(slash + 1);
        // The protection tag (written as the creator's name in a trace) is shown by the card's owner line instead.
        return name.startsWith("_c_") && name.indexOf('-') > 0 ? name.substring(name.indexOf('-') + 1) : name;
    }

    /** One line saying what the algorithm does, for the lane's subtitle. */
    public static String subtitle(String algorithm) {
        return switch (algorithm) {
            case "naive" -> "one ephemeral znode, everyone watches it";
            case "children-watch" -> "every waiter watches the children list";
            case "sequential" -> "each waiter watches its predecessor";
            case "rwlock" -> "a reader watches the nearest lower writer";
            case "curator-mutex" -> "Curator's InterProcessMutex";
            case "curator-rwlock" -> "Curator's: a reader watches the first writer";
            default -> "";
        };
    }

    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    public int getIndex() {
        return index.get();
    }

    public ReadOnlyObjectProperty<ReplayState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public ReplayState getState() {
        return state.get();
    }

    public ReadOnlyObjectProperty<Event> eventProperty() {
        return event.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Event.WatchFired>> firingProperty() {
        return firing.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Event.NodeDeleted>> ghostsProperty() {
        return ghosts.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Finding>> findingsProperty() {
        return findings.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty focusedProperty() {
        return focused.getReadOnlyProperty();
    }

    void setFocused(boolean value) {
        focused.set(value);
    }
}
