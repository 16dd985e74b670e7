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
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.check.Finding;
import lockstep.gui.replay.Replays;
import lockstep.algorithms.LockMode;
import lockstep.simulator.frame.Card;
import lockstep.simulator.frame.LaneFrame;
import lockstep.simulator.frame.LaneFrames;
import lockstep.simulator.frame.Row;
import lockstep.simulator.frame.Servers;
import lockstep.simulator.frame.Tally;
import lockstep.simulator.replay.Beats;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.replay.Steps;
import lockstep.simulator.trace.Event;

import lockstep.gui.text.WindowTexts;

/**
 * One lane: one algorithm's run of the scenario, at one event. Read-only properties for the view (the state, the
 * event, the watches firing now, the znodes just deleted, the findings to show); {@link #seek(int)} is the only command
 * and is called by the {@link ReplayCursor}, which keeps the lanes together.
 */
public final class LaneViewModel {

    private final String algorithm;
    private final String title;
    private final Replays replays;
    private final Steps steps;
    private final List<String> clients;

    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(this, "index", -1);
    private final ReadOnlyObjectWrapper<ReplayState> state = new ReadOnlyObjectWrapper<>(this, "state");
    private final ReadOnlyObjectWrapper<Event> event = new ReadOnlyObjectWrapper<>(this, "event");
    private final ReadOnlyObjectWrapper<LaneFrame> frame = new ReadOnlyObjectWrapper<>(this, "frame");
    private final ReadOnlyObjectWrapper<List<Finding>> findings =
            new ReadOnlyObjectWrapper<>(this, "findings", List.of());
    private final ReadOnlyBooleanWrapper focused = new ReadOnlyBooleanWrapper(this, "focused");
    private final ReadOnlyStringWrapper selected = new ReadOnlyStringWrapper(this, "selected", "");
    private final ReadOnlyStringWrapper tally = new ReadOnlyStringWrapper(this, "tally", "");
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper(this, "caption", "");
    private final ReadOnlyStringWrapper server = new ReadOnlyStringWrapper(this, "server", "");
    private final ReadOnlyStringWrapper ownNarration = new ReadOnlyStringWrapper(this, "ownNarration", "");
    private final ReadOnlyBooleanWrapper serverStopped = new ReadOnlyBooleanWrapper(this, "serverStopped");
    private final ReadOnlyObjectWrapper<WriteMark> write = new ReadOnlyObjectWrapper<>(this, "write");
    private final ReadOnlyStringWrapper subtitle = new ReadOnlyStringWrapper(this, "subtitle", "");
    private final ReadOnlyObjectWrapper<java.util.Optional<BugMark>> bugMark =
            new ReadOnlyObjectWrapper<>(this, "bugMark", java.util.Optional.empty());
    private final boolean writes;
    private Beats beats;
    private int lane;

    public LaneViewModel(List<Event> events) {
        this(Replays.of(events));
    }

    public LaneViewModel(Replays replays) {
        this(replays, replays.run().algorithm());
    }

    /** A lane with its own title: a branch reads "sequential + c2 crash at line 5". */
    public LaneViewModel(Replays replays, String title) {
        this.replays = replays;
        this.title = title;
        this.algorithm = replays.run().algorithm();
        this.clients = replays.run().clients();
        this.steps = replays.steps();
        writes = replays.events().stream().anyMatch(e -> e instanceof Event.Write);
        relabel();
        seek(0);
    }

    /** Joins the lane to its cursor's beats as lane {@code k}. */
    void attach(Beats beats, int k) {
        this.beats = beats;
        this.lane = k;
    }

    /** Shows beat {@code b} of the cursor's beats: this lane's frame at that beat. */
    void showBeat(int b) {
        relabel();
        show(beats.indexIn(lane, b), b);
    }

    /**
     * Reads the lane's words that do not change with the event (subtitle, bug mark) and the current event's server and
     * resource words again, in the current language: a beat shown after a switch of language.
     */
    private void relabel() {
        subtitle.set(subtitle(algorithm));
        bugMark.set(BugMark.of(algorithm));
        if (getState() != null) {
            // the same event after a switch of language: its frame's caption and words again, in the new language
            setFrame(getState(), frame.get() == null ? -1 : frame.get().beat());
        }
    }

    /**
     * The server box's text: "server up", or what happened to it in this script line ("server restarted"); sessions that
     * ended say how in their client's row (crashed: closed; expired: ended by the server).
     */
    static String serverText(Servers servers) {
        if (servers.ensemble()) {
            return ensembleText(servers);
        }
        if (!servers.running()) {
            return WindowTexts.text("server.stopped");
        }
        return switch (servers.back()) {
            case STARTED_AGAIN -> WindowTexts.text("server.started-again");
            case RESTARTED -> WindowTexts.text("server.restarted");
            case NO -> WindowTexts.text(servers.restarts() == 0 ? "server.up" : "server.up-restarted");
        };
    }

    /** An ensemble's server box: each server's number and role, the leader marked ("s1 follower · s3 ★leader"). */
    static String ensembleText(Servers servers) {
        List<String> parts = new ArrayList<>();
        for (Servers.Box box : servers.boxes()) {
            parts.add("s" + box.number() + " " + (box.role() == Event.Role.LEADER
                    ? "\u2605" + WindowTexts.text("server.leader") : Sessions.roleWord(box.role())));
        }
        return String.join(" · ", parts);
    }

    /** "this line: 1 release · 9 woken · 1 won" ("" when the script line released nothing and woke no one). */
    static String tallyText(Tally t) {
        if (t.releases() == 0 && t.woken() == 0) {
            return "";
        }
        return WindowTexts.text(t.releases() == 1 ? "tally.one-release" : "tally.releases", t.releases(), t.woken(), t.wins());
    }

    /** Moves the lane to event {@code i}, clamped to the trace (outside the beats: its frame's beat is -1). */
    public void seek(int i) {
        show(i, -1);
    }

    private void show(int i, int beat) {
        int target = Math.max(0, Math.min(replays.size() - 1, i));
        if (target == index.get() && frame.get() != null && frame.get().beat() == beat) {
            return;
        }
        ReplayState s = replays.stateAt(target);
        event.set(replays.events().get(target));
        setFrame(s, beat);
        state.set(s);
        index.set(target);
    }

    /** Makes the lane's frame of state {@code s} and sets every property that is read from it. */
    private void setFrame(ReplayState s, int beat) {
        LaneFrame f = LaneFrames.of(beat, lane, algorithm, s, clients, replays.violations(), writes);
        findings.set(f.findings());
        server.set(serverText(f.servers()));
        serverStopped.set(!f.servers().running());
        write.set(writeMark(f.write()));
        tally.set(tallyText(f.tally()));
        caption.set(f.caption());
        frame.set(f);
    }

    /**
     * A write to the protected resource as the lane marks it.
     *
     * @param client   who wrote ("" when the mark only sums up the resource)
     * @param token    the fencing token it sent (-1 for a summary)
     * @param accepted whether the resource took it
     * @param text     the words drawn ("c1 wrote, token 1: accepted")
     * @param fresh    the write happened in the current script line (a summary otherwise)
     */
    public record WriteMark(String client, long token, boolean accepted, String text, boolean fresh) {
    }

    /** The resource line in words: this line's write, or what the resource holds; null when the run writes nothing. */
    static WriteMark writeMark(lockstep.simulator.frame.WriteMark w) {
        if (w == null) {
            return null;
        }
        if (w.fresh()) {
            // a zombie's accepted write is the unfenced write: drawn as a failure (red, a cross), and said so
            boolean unsafe = w.accepted() && w.byZombie();
            String what = unsafe ? WindowTexts.text("resource.accepted-zombie")
                    : w.accepted() ? WindowTexts.text("resource.accepted")
                    : WindowTexts.text("resource.refused", w.acceptedBefore());
            return new WriteMark(w.client(), w.token(), w.accepted() && !unsafe,
                    WindowTexts.text("resource.wrote", w.client(), w.token(), what), true);
        }
        String text = w.acceptedCount() == 0 && w.refusedCount() == 0 ? WindowTexts.text("resource.no-write")
                : WindowTexts.text("resource.last-write", w.lastWriter(), w.lastToken())
                        + (w.refusedCount() > 0 ? " · " + WindowTexts.text("resource.refused-count", w.refusedCount())
                        : "");
        return new WriteMark("", -1, true, text, false);
    }

    public String algorithm() {
        return algorithm;
    }

    /** The lane's title: its algorithm, or what its branch did ("sequential + c2 crash at line 5"). */
    public String title() {
        return title;
    }

    /** The source line of script step {@code k} (0 for step 0 or a step without its line event). */
    public int lineOf(int k) {
        return steps.fileLine(k);
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
        return steps.of(i);
    }

    /** Number of script lines the run executed. */
    public int stepCount() {
        return steps.count();
    }

    /** First event of step {@code k} (its script-line event; 0 for step 0). */
    public int stepStart(int k) {
        return steps.start(k);
    }

    /** Last event of step {@code k}. */
    public int stepEnd(int k) {
        return steps.end(k);
    }

    /** The text of script line {@code k} ("" for step 0). */
    public String stepText(int k) {
        return steps.text(k);
    }

    /** The one line under a client's state word: what it watches, holds or asks for. */
    public static String caption(Row r) {
        if (r.look() == Row.Look.ZOMBIE) {
            // What it believes (holding) and what the server knows (its session is gone) side by side.
            return WindowTexts.text("caption.session-has-ended");
        }
        String mode = r.mode() == null ? "" : r.mode().label();
        return switch (r.state()) {
            case WAITING -> r.woken() ? WindowTexts.text("caption.woken")
                    : r.watchesChildren() ? WindowTexts.text("caption.watching-children")
                    : r.watchedGone() ? WindowTexts.text("caption.watching-gone", r.watchingLabel())
                    : WindowTexts.text("caption.watching", r.watchingLabel());
            case HOLDING, STILL_HOLDING -> {
                String holds = (r.mode() == LockMode.READ ? WindowTexts.text("caption.read") : "")
                        + (r.holds() > 1 ? " x" + r.holds() : "");
                yield r.node().isEmpty() ? WindowTexts.text("caption.holds-the-lock", holds)
                        : WindowTexts.text("caption.holds", r.node(), holds);
            }
            case REQUESTING -> r.woken() ? WindowTexts.text("caption.woken")
                    : mode.isEmpty() ? WindowTexts.text("caption.asking-for-the-lock")
                    : WindowTexts.text("caption.asking-for", modeWord(mode));
            case RELEASED -> WindowTexts.text("caption.released");
            case GAVE_UP -> WindowTexts.text("caption.gave-up");
            case CRASHED -> WindowTexts.text("caption.crashed");
            case EXPIRED -> WindowTexts.text("caption.expired");
            case IDLE -> "";
        };
    }

    /** A lock mode as traces write it ("read") in the window's language; as written when it is no mode. */
    public static String modeWord(String mode) {
        for (lockstep.algorithms.LockMode m : lockstep.algorithms.LockMode.values()) {
            if (m.label().equals(mode)) {
                return m.text();
            }
        }
        return mode;
    }

    /** The word beside a client: its state's word, or "thinks it holds" for a holder whose session has ended. */
    public static String word(Row r) {
        return r.look() == Row.Look.ZOMBIE ? WindowTexts.text("state.thinks-it-holds") : StateStyle.of(r.state()).word();
    }

    /**
     * What the client's connection and scheduling add to its state word, "" when nothing: "paused", "disconnected",
     * "reconnected", "expired", "closed", "session 2" (a new session after an expiry), joined by " · ", after the
     * server its connection goes to on an ensemble ("→ s2"). A connection word that only repeats the state word
     * (crashed and closed, expired and expired) is left out.
     */
    public static String status(Row r) {
        List<String> words = new ArrayList<>();
        if (r.paused()) {
            words.add(WindowTexts.text("status.paused"));
        }
        switch (r.connection()) {
            case CONNECTED -> {
                if (r.session() > 1) {
                    words.add(WindowTexts.text("status.session", r.session()));
                }
            }
            case CLOSED -> {
                if (r.state() != Event.State.CRASHED) {
                    words.add(WindowTexts.text("status.closed"));
                }
            }
            case EXPIRED -> {
                if (r.state() != Event.State.EXPIRED) {
                    words.add(WindowTexts.text("status.expired"));
                }
            }
            default -> words.add(WindowTexts.text("status." + r.connection().name().toLowerCase(java.util.Locale.ROOT)));
        }
        if (!r.sessionAlive() && r.connection() != Event.ConnectionState.EXPIRED
                && r.connection() != Event.ConnectionState.CLOSED && r.state() != Event.State.EXPIRED
                && r.state() != Event.State.CRASHED && r.look() != Row.Look.ZOMBIE) {
            // (a stale holder's caption already says its session has ended)
            words.add(WindowTexts.text("status.session-ended"));
        }
        String joined = String.join(" · ", words);
        if (r.server() == 0) {
            return joined;
        }
        // On an ensemble: the server the client's connection goes to, first, so it reads as the row's line to it.
        return joined.isEmpty() ? "\u2192 s" + r.server() : "\u2192 s" + r.server() + " · " + joined;
    }

    /** The cards to draw: the frame's live nodes and this line's ghosts, in sequence order. */
    public List<Card> cards() {
        return frame.get().cards();
    }

    /** A path's last segment without its protection tag (the card's owner line names the creator instead). */
    public static String lastSegment(String path) {
        return LaneFrames.label(path);
    }

    /** One line saying what the algorithm does, for the lane's subtitle: the registry's, in the current language. */
    public static String subtitle(String algorithm) {
        return Algorithms.find(algorithm).map(Algorithms.Info::localSubtitle).orElse("");
    }

    /** One line saying what the algorithm does, in the window's language: it follows a switch of language. */
    public ReadOnlyStringProperty subtitleProperty() {
        return subtitle.getReadOnlyProperty();
    }

    /** The lane's bug-gallery mark in the window's language; empty for a correct lock. */
    public ReadOnlyObjectProperty<java.util.Optional<BugMark>> bugMarkProperty() {
        return bugMark.getReadOnlyProperty();
    }

    /** What this lane's current release has done so far ("this release: 9 woken, 1 won"). */
    public ReadOnlyStringProperty tallyProperty() {
        return tally.getReadOnlyProperty();
    }

    /** The server box is dark: the server is stopped. */
    public ReadOnlyBooleanProperty serverStoppedProperty() {
        return serverStopped.getReadOnlyProperty();
    }

    /** The resource line: this line's write or what the resource holds; null when the run writes nothing. */
    public ReadOnlyObjectProperty<WriteMark> writeProperty() {
        return write.getReadOnlyProperty();
    }

    /** The server box: running, stopped, or restarted in this script line. */
    public ReadOnlyStringProperty serverProperty() {
        return server.getReadOnlyProperty();
    }

    /**
     * The scenario's narration for this lane when it differs from the other lanes' (a {@code say:} line limited to
     * some algorithms, or worded per algorithm); "" when the banner over all lanes shows it.
     */
    public ReadOnlyStringProperty ownNarrationProperty() {
        return ownNarration.getReadOnlyProperty();
    }

    void setOwnNarration(String text) {
        ownNarration.set(text);
    }

    /** A caption generated from this lane's own trace: who was woken, who won, whether the grant jumped the queue. */
    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
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

    /** What the lane draws now: cards, rows, arrows, pulses, servers, counters, caption, findings. */
    public ReadOnlyObjectProperty<LaneFrame> frameProperty() {
        return frame.getReadOnlyProperty();
    }

    public LaneFrame frame() {
        return frame.get();
    }

    public ReadOnlyObjectProperty<List<Finding>> findingsProperty() {
        return findings.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty focusedProperty() {
        return focused.getReadOnlyProperty();
    }

    /** The client the keyboard acts on ("" for none): its menu opens on Enter. */
    public ReadOnlyStringProperty selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    /** Selects {@code client} (one of this lane's clients; anything else clears the selection). */
    public void select(String client) {
        selected.set(clients.contains(client) ? client : "");
    }

    /** Selects the client {@code delta} rows below the selected one (the first when none is), staying in the lane. */
    public void selectNext(int delta) {
        if (clients.isEmpty()) {
            return;
        }
        int at = clients.indexOf(selected.get());
        int next = at < 0 ? 0 : Math.max(0, Math.min(clients.size() - 1, at + delta));
        selected.set(clients.get(next));
    }

    void setFocused(boolean value) {
        focused.set(value);
    }
}
