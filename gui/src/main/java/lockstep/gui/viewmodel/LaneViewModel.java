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
import lockstep.algorithms.NodeName;
import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.check.Finding;
import lockstep.gui.replay.Replays;
import lockstep.simulator.replay.Beats;
import lockstep.simulator.replay.LaneCaptions;
import lockstep.simulator.replay.ReplayState;
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
        writes = replays.events().stream().anyMatch(e -> e instanceof Event.Write);
        relabel();
        seek(0);
    }

    /** Joins the lane to its cursor's beats as lane {@code k}. */
    void attach(Beats beats, int k) {
        this.beats = beats;
        this.lane = k;
    }

    /** Shows beat {@code b} of the cursor's beats: this lane's event at that beat, its tally and its own caption. */
    void showBeat(int b) {
        relabel();
        seek(beats.indexIn(lane, b));
        Beats.Tally t = beats.tally(lane, b);
        tally.set(tallyText(t));
        caption.set(LaneCaptions.at(replays.events(), getIndex(), getState()));
    }

    /**
     * Reads the lane's words that do not change with the event (subtitle, bug mark) and the current event's server and
     * resource words again, in the current language: a beat shown after a switch of language.
     */
    private void relabel() {
        subtitle.set(subtitle(algorithm));
        bugMark.set(BugMark.of(algorithm));
        int i = index.get();
        if (i >= 0) {
            // the same event after a switch of language: seek(i) would keep the words of the language before
            server.set(serverText(i, getState()));
            write.set(writeAt(i, getState()));
        }
    }

    /**
     * The server box's text: "server up", or what happened to it in this script line ("server restarted"); sessions that ended say how in their client's row (crashed: closed; expired: ended by the server).
     */
    private String serverText(int i, ReplayState s) {
        if (s.ensemble().isEnsemble()) {
            return ensembleText(s.ensemble());
        }
        if (!s.serverRunning()) {
            return WindowTexts.text("server.stopped");
        }
        int restarts = 0;
        boolean thisLine = false;
        String last = "";
        for (int k = 0; k <= i; k++) {
            if (replays.events().get(k) instanceof Event.Fault f && f.kind().startsWith("server")
                    && !f.kind().equals("server-stop")) {
                restarts++;
                last = f.kind();
                thisLine = k >= stepStart[stepOfEvent[i]];
            }
        }
        if (thisLine) {
            return WindowTexts.text(last.equals("server-start") ? "server.started-again" : "server.restarted");
        }
        return WindowTexts.text(restarts == 0 ? "server.up" : "server.up-restarted");
    }

    /** An ensemble's server box: each server's number and role, the leader marked ("s1 follower · s3 ★leader"). */
    static String ensembleText(lockstep.simulator.replay.EnsembleView ensemble) {
        List<String> parts = new ArrayList<>();
        ensemble.roles().forEach((server, role) -> parts.add("s" + server + " "
                + (role == Event.Role.LEADER ? "\u2605" + WindowTexts.text("server.leader") : Sessions.roleWord(role))));
        return String.join(" · ", parts);
    }

    /** "this line: 1 release · 9 woken · 1 wins" ("" when the script line released nothing and woke no one). */
    static String tallyText(Beats.Tally t) {
        if (t.releases() == 0 && t.woken() == 0) {
            return "";
        }
        return WindowTexts.text(t.releases() == 1 ? "tally.one-release" : "tally.releases", t.releases(), t.woken(), t.wins());
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
        server.set(serverText(target, s));
        serverStopped.set(!s.serverRunning());
        write.set(writeAt(target, s));
        state.set(s);
        index.set(target);
    }

    /**
     * The notifications of this script line up to {@code i}: drawn as pulses along the path from the node to the client
     * for the whole release, so that a futile wake-up stays visible after the client has waited again. Whether the
     * client is still re-checking is {@link ReplayState.ClientView#woken()}, modelled by the replay, not here.
     */
    private List<Event.WatchFired> firingAt(int i) {
        List<Event.WatchFired> out = new ArrayList<>();
        for (int k = stepStart[stepOfEvent[i]]; k <= i; k++) {
            if (replays.events().get(k) instanceof Event.WatchFired f) {
                out.add(f);
            } else if (replays.events().get(k) instanceof Event.StrayNotification f) {
                // a stray reaches the client too (it drops it): drawn as the same pulse
                out.add(new Event.WatchFired(f.index(), f.client(), f.path(), f.type()));
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

    /**
     * The resource line: the latest write of this script line up to {@code i}, or else what the resource holds so far;
     * null for a trace without any write (the lane then draws no resource line at all).
     */
    private WriteMark writeAt(int i, ReplayState s) {
        if (!writes) {
            return null;
        }
        for (int k = i; k >= stepStart[stepOfEvent[i]]; k--) {
            if (replays.events().get(k) instanceof Event.Write w) {
                String what = w.accepted() ? WindowTexts.text("resource.accepted")
                        : WindowTexts.text("resource.refused", lastAcceptedBefore(k));
                return new WriteMark(w.client(), w.token(), w.accepted(),
                        WindowTexts.text("resource.wrote", w.client(), w.token(), what), true);
            }
        }
        ReplayState.Resource r = s.resource();
        String text = r.accepted() == 0 && r.refused() == 0 ? WindowTexts.text("resource.no-write")
                : WindowTexts.text("resource.last-write", r.lastWriter(), r.lastToken())
                        + (r.refused() > 0 ? " · " + WindowTexts.text("resource.refused-count", r.refused()) : "");
        return new WriteMark("", -1, true, text, false);
    }

    /** The token of the last write accepted before event {@code k} (-1 if none). */
    private long lastAcceptedBefore(int k) {
        for (int j = k - 1; j >= 0; j--) {
            if (replays.events().get(j) instanceof Event.Write w && w.accepted()) {
                return w.token();
            }
        }
        return -1;
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

    /** The lane's title: its algorithm, or what its branch did ("sequential + c2 crash at line 5"). */
    public String title() {
        return title;
    }

    /** The source line of script step {@code k} (0 for step 0 or a step without its line event). */
    public int lineOf(int k) {
        return k > 0 && replays.events().get(stepStart(k)) instanceof Event.ScriptLine s ? s.line() : 0;
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
        if (c.isStaleHolder()) {
            // What it believes (holding) and what the server knows (its session is gone) side by side.
            return WindowTexts.text("caption.session-has-ended");
        }
        return switch (c.state()) {
            case WAITING -> c.woken() ? WindowTexts.text("caption.woken")
                    : c.watching().equals(s.lockPath()) ? WindowTexts.text("caption.watching-children")
                    : WindowTexts.text("caption.watching", nodeLabel(s, c.watching()));
            case HOLDING, STILL_HOLDING -> {
                String node = ownPath(s, c.name());
                String mode = ("read".equals(c.mode()) ? WindowTexts.text("caption.read") : "") + (c.holds() > 1 ? " x" + c.holds() : "");
                yield node.isEmpty() ? WindowTexts.text("caption.holds-the-lock", mode)
                        : WindowTexts.text("caption.holds", nodeLabel(s, node).split(" ")[0], mode);
            }
            case REQUESTING -> c.woken() ? WindowTexts.text("caption.woken")
                    : c.mode().isEmpty() ? WindowTexts.text("caption.asking-for-the-lock") : WindowTexts.text("caption.asking-for", modeWord(c.mode()));
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

    /** The key a client row shows: none, the holding key, or a hollow key for a holder whose session has ended. */
    public enum Key { NONE, HELD, HOLLOW }

    /** The word beside a client: its state's word, or "thinks it holds" for a holder whose session has ended. */
    public static String word(ReplayState.ClientView c) {
        return c.isStaleHolder() ? WindowTexts.text("state.thinks-it-holds") : StateStyle.of(c.state()).word();
    }

    /** The key drawn on a client's badge. */
    public static Key key(ReplayState.ClientView c) {
        if (!c.believesItHolds()) {
            return Key.NONE;
        }
        return c.isStaleHolder() ? Key.HOLLOW : Key.HELD;
    }

    /**
     * What the client's connection and scheduling add to its state word, "" when nothing: "paused", "disconnected",
     * "reconnected", "expired", "closed", "session 2" (a new session after an expiry), joined by " · ". A connection
     * word that only repeats the state word (crashed and closed, expired and expired) is left out.
     */
    public static String status(ReplayState s, ReplayState.ClientView c) {
        String words = status(c);
        int server = s.ensemble().serverOf(c.name());
        if (server == 0) {
            return words;
        }
        // On an ensemble: the server the client's connection goes to, first, so it reads as the row's line to it.
        return words.isEmpty() ? "\u2192 s" + server : "\u2192 s" + server + " · " + words;
    }

    /** {@link #status(ReplayState, ReplayState.ClientView)} without the ensemble. */
    public static String status(ReplayState.ClientView c) {
        List<String> words = new ArrayList<>();
        if (c.paused()) {
            words.add(WindowTexts.text("status.paused"));
        }
        switch (c.connection()) {
            case CONNECTED -> {
                if (c.session() > 1) {
                    words.add(WindowTexts.text("status.session", c.session()));
                }
            }
            case CLOSED -> {
                if (c.state() != Event.State.CRASHED) {
                    words.add(WindowTexts.text("status.closed"));
                }
            }
            case EXPIRED -> {
                if (c.state() != Event.State.EXPIRED) {
                    words.add(WindowTexts.text("status.expired"));
                }
            }
            default -> words.add(WindowTexts.text("status." + c.connection().name().toLowerCase(java.util.Locale.ROOT)));
        }
        if (!c.sessionAlive() && c.connection() != Event.ConnectionState.EXPIRED
                && c.connection() != Event.ConnectionState.CLOSED && c.state() != Event.State.EXPIRED
                && c.state() != Event.State.CRASHED && !c.isStaleHolder()) {
            // (a stale holder's caption already says its session has ended)
            words.add(WindowTexts.text("status.session-ended"));
        }
        return String.join(" · ", words);
    }

    /**
     * A node's short label: "#2 c3" (sequence number and owner) for a sequential node, its name otherwise ("lock").
     * The full path is shown on hover and in the inspector.
     */
    public static String nodeLabel(ReplayState s, String path) {
        ReplayState.Znode z = s.znodes().get(path);
        if (z != null) {
            long seq = shownSequence(z);
            return seq >= 0 ? "#" + seq + " " + z.owner() : lastSegment(z.name());
        }
        String name = lastSegment(path);
        long seq = sequenceOf(name);
        return seq >= 0 ? "#" + seq : name;
    }

    /**
     * The number a card shows: the node's sequence number, or the one its name carries though ZooKeeper did not append
     * it (Curator's read node of a downgrade copies its write node's), or -1.
     */
    static long shownSequence(ReplayState.Znode z) {
        return z.sequence() >= 0 ? z.sequence() : sequenceOf(z.name());
    }

    /** The sequence number at the end of a node's name, or -1 when it has none (parsed by NodeName, the one place). */
    public static long sequenceOf(String name) {
        return NodeName.isSequential(name) ? NodeName.parse(name).sequence() : -1;
    }

    /**
     * A znode card as the lane draws it.
     *
     * @param path     the full path (shown on hover and in the inspector)
     * @param label    the short name drawn ("lock", or the node name when it has a sequence number)
     * @param sequence the sequence number, -1 without one
     * @param owner    the owning client
     * @param mode     the owner's lock mode ("read", "write", "exclusive" or "")
     * @param ephemeral whether the node is ephemeral (a ghost always was)
     * @param held     the owner holds the lock through this node
     * @param ghost    the node was deleted in this script line (drawn as an outline for the whole release)
     * @param slot     the row the card is drawn at: its owner's row when the cards' owners are in row order (so a
     *                 client sits beside its node and the chain is a chain), else its position in sequence order
     */
    public record Card(String path, String label, long sequence, String owner, String mode, boolean ephemeral,
                       boolean held, boolean ghost, int slot) {
    }

    /** The cards to draw for state {@code s}: live nodes and this line's ghosts, in sequence order. */
    public List<Card> cards(ReplayState s) {
        record Entry(String path, long seq, String name, String owner, String zmode, boolean ghost) {
        }
        List<Entry> entries = new ArrayList<>();
        for (ReplayState.Znode z : s.znodes().values()) {
            entries.add(new Entry(z.path(), shownSequence(z), lastSegment(z.name()), z.owner(), Event.label(z.mode()),
                    false));
        }
        for (Event.NodeDeleted d : ghosts.get()) {
            if (s.znodes().containsKey(d.path())) {
                continue; // the naive lock's node is back already (same path): the live card wins over the ghost
            }
            String name = lastSegment(d.path());
            entries.add(new Entry(d.path(), sequenceOf(name), name, d.owner(), "ephemeral", true));
        }
        entries.sort(java.util.Comparator.comparingLong(Entry::seq).thenComparing(Entry::name));
        boolean single = entries.size() == 1 && entries.get(0).seq() < 0;
        // Pinned when every card's owner has one card and the owners run down the rows in card order.
        boolean pinned = true;
        int last = -1;
        java.util.Set<String> owners = new java.util.HashSet<>();
        for (Entry e : entries) {
            int row = clients.indexOf(e.owner());
            if (row <= last || !owners.add(e.owner())) {
                pinned = false;
                break;
            }
            last = row;
        }
        List<Card> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            ReplayState.ClientView oc = s.clients().get(e.owner());
            String mode = oc == null ? "" : oc.mode();
            boolean held = !e.ghost() && s.holders().contains(e.owner())
                    && (ownNode(s, e.owner()).equals(e.name()) || single);
            out.add(new Card(e.path(), e.name(), e.seq(), e.owner(), mode, e.zmode().contains("ephemeral"), held,
                    e.ghost(), single ? -1 : pinned ? clients.indexOf(e.owner()) : i));
        }
        return out;
    }

    /** The path of the znode {@code client} owns under the lock, or "". */
    public static String ownPath(ReplayState s, String client) {
        for (Map.Entry<String, ReplayState.Znode> e : s.znodes().entrySet()) {
            if (client.equals(e.getValue().owner())) {
                return e.getKey();
            }
        }
        return "";
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

    /** What this lane's current release has done so far ("this release: 9 woken, 1 wins"). */
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
