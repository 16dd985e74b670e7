package lockstep.simulator.replay;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import lockstep.simulator.trace.Event;

/**
 * The beats of a comparison: the moments every lane shows together, computed from the lanes' traces alone (no JavaFX),
 * so that the window, {@code render} and the tests step the same way.
 *
 * <p>Steps:
 * <ol>
 *   <li>Each trace is cut into script steps at its {@link Event.ScriptLine} events (step 0 is what comes before the
 *       first line).</li>
 *   <li>Within a step, the events are given a {@link Phase}: the scripted call and what it changes in the tree
 *       ({@link Phase#CALL}); the notifications it causes ({@link Phase#NOTIFY}); the re-checks up to the last grant
 *       ({@link Phase#GRANT}); the remaining re-checks ({@link Phase#SETTLE}). A phase ends at its last event, moved
 *       forward to the next <em>whole</em> moment. A call that opens a gap and closes it
 *       again in the same step (a lost reply, a leader's death) gets a beat at the gap ({@link Phase#BREAK}), read
 *       from the replay: the widest moment of the first stretch in which a client in the lock is cut off or no server
 *       leads: never between a successful create or delete (or a crash or expiry)
 *       and the client's resulting state, so no beat shows a holder without its node or a node whose owner is shown
 *       waiting.</li>
 *   <li>The beats are the union over the lanes of (step, phase), in order. A lane that has no events in a beat's phase
 *       holds still: it shows the end of its latest earlier phase; a lane whose run has ended shows its last event.</li>
 * </ol>
 *
 * <p>Guarantees: beat 0 shows event 0 in every lane; each lane's event index never decreases from one beat to the next;
 * the last beat shows every lane's last event; every step of every lane has at least one beat.
 */
public final class Beats {

    /** The parts of a script line, in the order they are shown. */
    public enum Phase {
        /**
         * A gap inside the scripted call, shown before the call's end: a client in the lock cut off from its server
         * (a lost reply, a dropped connection) or an ensemble with no leader, at its widest, before the reconnection or
         * the election closes it.
         */
        BREAK("the break"),
        /** The scripted call and the change it makes to the tree, with the caller's resulting state. */
        CALL("the call"),
        /** The watch notifications the change caused. */
        NOTIFY("the notifications"),
        /** The woken clients re-check, up to the grant. */
        GRANT("the grant"),
        /** The other woken clients re-check and wait again. */
        SETTLE("the re-checks");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One moment every lane shows.
     *
     * @param step      the script step (1-based count of executed lines; 0 before the script)
     * @param line      its line in the scenario file (0 before the script)
     * @param phase     the part of the step
     * @param narration the step is a {@code say:} line (playback stops here)
     * @param release   the step deletes a lock node or ends a session in some lane (presentation mode stops at its
     *                  last beat)
     * @param lastOfStep this is the step's last beat
     */
    public record Beat(int step, int line, Phase phase, boolean narration, boolean release, boolean lastOfStep) {
    }

    private final List<Beat> beats;
    /** {@code at[lane][beat]}: the event the lane shows at the beat. */
    private final int[][] at;
    private final List<List<Event>> lanes;

    private Beats(List<List<Event>> lanes) {
        this.lanes = List.copyOf(lanes);
        List<LanePhases> phases = new ArrayList<>();
        TreeSet<Long> keys = new TreeSet<>();
        for (List<Event> trace : this.lanes) {
            LanePhases p = new LanePhases(trace);
            phases.add(p);
            for (int k = 0; k < p.steps(); k++) {
                for (Phase ph : Phase.values()) {
                    if (p.end(k, ph) >= 0) {
                        keys.add(key(k, ph));
                    }
                }
            }
        }
        List<Long> ordered = new ArrayList<>(keys);
        beats = new ArrayList<>();
        at = new int[this.lanes.size()][ordered.size()];
        for (int b = 0; b < ordered.size(); b++) {
            int step = (int) (ordered.get(b) / Phase.values().length);
            Phase phase = Phase.values()[(int) (ordered.get(b) % Phase.values().length)];
            boolean lastOfStep = b + 1 == ordered.size()
                    || ordered.get(b + 1) / Phase.values().length != step;
            int line = 0;
            boolean narration = false;
            boolean release = false;
            for (int l = 0; l < this.lanes.size(); l++) {
                LanePhases p = phases.get(l);
                at[l][b] = p.indexAt(step, phase);
                if (step < p.steps()) {
                    line = Math.max(line, p.line(step));
                    narration |= p.narration(step);
                    release |= p.release(step);
                }
            }
            beats.add(new Beat(step, line, phase, narration, release, lastOfStep));
        }
    }

    private static long key(int step, Phase phase) {
        return (long) step * Phase.values().length + phase.ordinal();
    }

    /** The beats of these lanes' traces (one trace per lane, each starting with run-started). */
    public static Beats of(List<List<Event>> lanes) {
        if (lanes.isEmpty()) {
            throw new IllegalArgumentException("beats need at least one lane");
        }
        return new Beats(lanes);
    }

    public int size() {
        return beats.size();
    }

    public Beat beat(int b) {
        return beats.get(b);
    }

    public List<Beat> all() {
        return List.copyOf(beats);
    }

    /** The event index lane {@code lane} shows at beat {@code b}. */
    public int indexIn(int lane, int b) {
        return at[lane][b];
    }

    /** The first beat at which lane {@code lane} shows event {@code index} or a later one (the last beat if none). */
    public int beatOf(int lane, int index) {
        for (int b = 0; b < beats.size(); b++) {
            if (at[lane][b] >= index) {
                return b;
            }
        }
        return beats.size() - 1;
    }

    /** The first beat of step {@code step} (clamped). */
    public int firstBeatOfStep(int step) {
        for (int b = 0; b < beats.size(); b++) {
            if (beats.get(b).step() >= step) {
                return b;
            }
        }
        return beats.size() - 1;
    }

    /** The last beat of step {@code step} (clamped). */
    public int lastBeatOfStep(int step) {
        int last = 0;
        for (int b = 0; b < beats.size(); b++) {
            if (beats.get(b).step() <= step) {
                last = b;
            }
        }
        return last;
    }

    /**
     * The last beat of the scenario file's line {@code line} (of its last execution, for a repeated line), or -1 if no
     * step ran that line.
     */
    public int lastBeatOfLine(int line) {
        int found = -1;
        for (int b = 0; b < beats.size(); b++) {
            if (beats.get(b).line() == line && beats.get(b).step() > 0) {
                found = b;
            }
        }
        return found;
    }

    /** The number of script steps (the largest step of any lane). */
    public int stepCount() {
        return beats.get(beats.size() - 1).step();
    }

    /** One lane's steps and the last event of each of their phases (-1 where a step has no such phase). */
    private static final class LanePhases {

        private final List<Event> trace;
        private final List<int[]> ends = new ArrayList<>();
        private final List<Integer> lines = new ArrayList<>();
        private final List<Boolean> narrations = new ArrayList<>();
        private final List<Boolean> releases = new ArrayList<>();
        private final boolean[] whole;
        private final int[] gap;

        LanePhases(List<Event> trace) {
            this.trace = trace;
            whole = wholeMoments(trace);
            gap = new int[trace.size()];
            // One walk of the replay gives what each step did (its grants, its deletions and faults) and the gaps.
            LiveReplay replay = LiveReplay.startingWith(trace.get(0));
            List<String> clients = ((Event.RunStarted) trace.get(0)).clients();
            // Kept as the run goes, so a herd of a thousand clients is not looked over client by client per event.
            Set<String> disconnected = new java.util.LinkedHashSet<>();
            Steps steps = Steps.of(trace);
            int i = 1; // event 0 started the replay
            for (int k = 0; k <= steps.count(); k++) {
                for (; i <= steps.end(k); i++) {
                    replay.apply(trace.get(i));
                    noteConnection(trace.get(i), replay, clients, disconnected);
                    gap[i] = cutOff(replay, disconnected) + (leaderless(replay.ensemble()) ? 1 : 0);
                }
                addStep(steps.start(k), steps.end(k), steps.fileLine(k), replay.state().thisLine());
            }
        }

        /**
         * Cuts the step {@code [from, to]}, of the scenario file's line {@code line}, into its phases; {@code done} is
         * what the replay says the step did.
         */
        private void addStep(int from, int to, int line, ReplayState.ThisLine done) {
            boolean narration = false;
            boolean release = false;
            int firstFire = -1;
            for (int i = from; i <= to; i++) {
                Event e = trace.get(i);
                narration |= e instanceof Event.Narration;
                if (firstFire < 0 && e instanceof Event.WatchFired) {
                    firstFire = i;
                }
            }
            // A node of the lock gone (a release, a give-up, a session's end) or a fault: presentation stops after it.
            release = !done.ghosts().isEmpty() || !done.faults().isEmpty();
            int[] end = new int[Phase.values().length];
            java.util.Arrays.fill(end, -1);
            if (firstFire < 0) {
                end[Phase.CALL.ordinal()] = to;
            } else {
                // A scheduler's choice belongs to what it lets happen: the one before a delivery is part of it.
                int beforeFire = firstFire - 1;
                while (beforeFire > from && trace.get(beforeFire) instanceof Event.Choice) {
                    beforeFire--;
                }
                end[Phase.CALL.ordinal()] = settle(Math.max(from, beforeFire), to);
                int lastFire = firstFire;
                while (true) {
                    int next = lastFire + 1;
                    while (next <= to && trace.get(next) instanceof Event.Choice) {
                        next++;
                    }
                    if (next > to || !(trace.get(next) instanceof Event.WatchFired)) {
                        break;
                    }
                    lastFire = next;
                }
                end[Phase.NOTIFY.ordinal()] = settle(lastFire, to);
                int lastGrant = -1;
                for (ReplayState.Grant grant : done.grants()) {
                    if (grant.index() > lastFire) {
                        lastGrant = Math.max(lastGrant, grant.index());
                    }
                }
                if (lastGrant >= 0) {
                    end[Phase.GRANT.ordinal()] = settle(lastGrant, to);
                }
                end[Phase.SETTLE.ordinal()] = to;
            }
            // Before the script the servers are still starting: no gap there is the lesson's.
            end[Phase.BREAK.ordinal()] = from == 0 ? -1 : gapIn(from, end[Phase.CALL.ordinal()]);
            // A phase that ends where an earlier one ends adds nothing to see: the lane holds still there.
            int shown = end[Phase.BREAK.ordinal()] >= 0 ? end[Phase.BREAK.ordinal()] : end[Phase.CALL.ordinal()];
            for (int p = Phase.CALL.ordinal() + 1; p < end.length; p++) {
                if (end[p] >= 0 && end[p] <= shown) {
                    end[p] = -1;
                } else if (end[p] >= 0) {
                    shown = end[p];
                }
            }
            ends.add(end);
            lines.add(line);
            narrations.add(narration);
            releases.add(release);
        }

        /**
         * The widest moment of the first gap this line opens in {@code [from, callEnd)} and closes again by the call's
         * end: the first whole event at which the most clients in the lock are cut off (a leaderless ensemble counts one
         * more). -1 when there is no such gap (none, or one that lasts to the end of the call: its own beat shows it).
         */
        private int gapIn(int from, int callEnd) {
            if (gap[from] > 0) {
                return -1; // a gap an earlier line opened: the line that closes it shows that in its own call's beat
            }
            for (int i = from; i < callEnd; i++) {
                if (gap[i] > 0) {
                    int last = i;
                    while (last + 1 < callEnd && gap[last + 1] > 0) {
                        last++;
                    }
                    if (gap[callEnd] > 0 && last + 1 == callEnd) {
                        return -1;
                    }
                    int widest = -1;
                    for (int j = i; j <= last; j++) {
                        if (whole[j] && (widest < 0 || gap[j] > gap[widest])) {
                            widest = j;
                        }
                    }
                    return widest;
                }
            }
            return -1;
        }

        // gap[i]: after event i, as the replay tells it, how many clients that ask for or believe they hold the lock
        // are cut off from their server, plus one if servers of an ensemble run and none leads.

        /**
         * Keeps {@code disconnected}, the clients whose connection is down, after {@code e}: a connection event changes
         * its client's; a fault may change any (a crash, an expiry), so all are looked at again then.
         */
        private static void noteConnection(Event e, LiveReplay replay, List<String> clients,
                                           Set<String> disconnected) {
            if (e instanceof Event.Connection || e instanceof Event.Fault) {
                for (String client : e instanceof Event.Connection ? List.of(e.client()) : clients) {
                    if (replay.client(client).connection() == Event.ConnectionState.DISCONNECTED) {
                        disconnected.add(client);
                    } else {
                        disconnected.remove(client);
                    }
                }
            }
        }

        private static int cutOff(LiveReplay replay, Set<String> disconnected) {
            int cut = 0;
            for (String client : disconnected) {
                ReplayState.ClientView view = replay.client(client);
                if (view.isAsking() || view.believesItHolds()) {
                    cut++;
                }
            }
            return cut;
        }

        private static boolean leaderless(EnsembleView ensemble) {
            return ensemble.isEnsemble() && ensemble.leader() == 0
                    && ensemble.roles().values().stream().anyMatch(r -> r != Event.Role.DOWN);
        }

        /** The first whole moment at or after {@code i} (the step's end at the latest). */
        private int settle(int i, int to) {
            int j = i;
            while (j < to && !whole[j]) {
                j++;
            }
            return j;
        }

        /**
         * {@code whole[i]}: after event i no client is between a call that changed the tree (a successful create or
         * delete), or a crash or expiry, and its resulting state.
         */
        private static boolean[] wholeMoments(List<Event> trace) {
            boolean[] whole = new boolean[trace.size()];
            Set<String> pending = new HashSet<>();
            for (int i = 0; i < trace.size(); i++) {
                Event e = trace.get(i);
                if (e instanceof Event.Call c && c.ok()
                        && (c.op() == Event.Op.CREATE || c.op() == Event.Op.DELETE)) {
                    pending.add(c.client());
                } else if (e instanceof Event.Fault f && f.client() != null && !f.client().isEmpty()) {
                    pending.add(f.client());
                } else if (e instanceof Event.ClientState s) {
                    pending.remove(s.client());
                } else if (e instanceof Event.ScriptLine || e instanceof Event.RunEnded) {
                    pending.clear();
                }
                boolean next = i + 1 < trace.size()
                        && (trace.get(i + 1) instanceof Event.NodeCreated || trace.get(i + 1) instanceof Event.NodeDeleted);
                whole[i] = pending.isEmpty() && !next;
            }
            return whole;
        }

        int steps() {
            return ends.size();
        }

        int end(int step, Phase phase) {
            return ends.get(step)[phase.ordinal()];
        }

        int line(int step) {
            return lines.get(step);
        }

        boolean narration(int step) {
            return narrations.get(step);
        }

        boolean release(int step) {
            return releases.get(step);
        }

        /** The event shown at (step, phase): the end of the latest phase at or before it; the last event past the end. */
        int indexAt(int step, Phase phase) {
            if (step >= ends.size()) {
                return trace.size() - 1;
            }
            int[] end = ends.get(step);
            for (int p = phase.ordinal(); p >= 0; p--) {
                if (end[p] >= 0) {
                    return end[p];
                }
            }
            return end[Phase.CALL.ordinal()];
        }
    }
}
