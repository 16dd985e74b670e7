package lockstep.simulator.replay;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lockstep.algorithms.session.WatchKind;
import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Counters;
import lockstep.simulator.replay.ReplayState.Resource;
import lockstep.simulator.replay.ReplayState.Watch;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/**
 * A run's state being rebuilt by applying events one at a time: the only place where the meaning of each event for the
 * run's state is written down. The runner (through {@link LiveReplay}), the checker, the metrics and the window all
 * read state from here; nothing else keeps its own book of holders, waiters, watches or sessions.
 *
 * <p>The wake-up lifecycle lives here too, once: a notification to a client that asks for the lock marks it
 * <em>woken</em>; if it next waits again the wake-up was futile; if it next holds (or leaves) it was not.
 *
 * <p>Mutable and confined to one thread; {@link ReplayModel} keeps copies of it as snapshots and never mutates one.
 */
final class Replay {

    private final String lockPath;
    private final int permits;
    private final List<String> locks;
    private final String childPrefix;
    private int index;
    private int step;
    private int line;
    private String scriptText = "";
    private String narration = "";
    /** Script lines started since the narration was said: the next one may change what it speaks of. */
    private int linesSinceNarration;
    /** The scenario file's line the narration announces (the first line after it); its repetitions run under it too. */
    private int announcedLine;
    private final TreeMap<String, Znode> znodes;
    private final LinkedHashSet<Watch> watches;
    private final LinkedHashMap<String, ClientView> clients;
    private final ArrayList<String> holders;
    private boolean serverRunning = true;
    private final TreeMap<Integer, Event.Role> roles;
    private final LinkedHashMap<String, Integer> clientServers;
    private Resource resource;
    private int acquisitions;
    private int notifications;
    private int futileWakeups;
    private int choices;
    private final int[] calls;
    private int serverRestarts;
    /** When each asking client's current attempt started (the request queue, in order of asking). */
    private final LinkedHashMap<String, Asked> askedAt;
    private Line thisLine;
    /**
     * What the run remembers beyond its state: tokens, the highest accepted write, last holds, creations. Null in a
     * replay that only draws (a {@link ReplayModel}'s): nothing there asks for it, and copying its maps of every node
     * ever created at every seek doubled the cost of a step (bench seek, 0.05 against 0.11 ms).
     */
    private final Remembered.Keeper remembered;
    private final Applier applier = new Applier();

    private Replay(Event.RunStarted start, boolean remembers) {
        lockPath = start.lockPath();
        permits = start.permits();
        locks = start.locks();
        childPrefix = lockPath.endsWith("/") ? lockPath : lockPath + "/";
        znodes = new TreeMap<>(ZnodeOrder.INSTANCE);
        watches = new LinkedHashSet<>();
        clients = new LinkedHashMap<>();
        for (String client : start.clients()) {
            clients.put(client, ClientView.initial(client));
        }
        holders = new ArrayList<>();
        roles = new TreeMap<>();
        clientServers = new LinkedHashMap<>();
        resource = new Resource(start.fencing(), -1, "", 0, 0);
        calls = new int[Event.Op.values().length];
        askedAt = new LinkedHashMap<>();
        thisLine = new Line(0);
        remembered = remembers ? new Remembered.Keeper() : Remembered.Keeper.NONE;
    }

    private Replay(Replay other) {
        lockPath = other.lockPath;
        permits = other.permits;
        locks = other.locks;
        childPrefix = other.childPrefix;
        index = other.index;
        step = other.step;
        line = other.line;
        scriptText = other.scriptText;
        narration = other.narration;
        linesSinceNarration = other.linesSinceNarration;
        announcedLine = other.announcedLine;
        znodes = new TreeMap<>(other.znodes);
        watches = new LinkedHashSet<>(other.watches);
        clients = new LinkedHashMap<>(other.clients);
        holders = new ArrayList<>(other.holders);
        serverRunning = other.serverRunning;
        roles = new TreeMap<>(other.roles);
        clientServers = new LinkedHashMap<>(other.clientServers);
        resource = other.resource;
        acquisitions = other.acquisitions;
        notifications = other.notifications;
        futileWakeups = other.futileWakeups;
        choices = other.choices;
        calls = other.calls.clone();
        serverRestarts = other.serverRestarts;
        askedAt = new LinkedHashMap<>(other.askedAt);
        thisLine = other.thisLine.copy();
        remembered = other.remembered.copy();
    }

    /** The state just after {@code start}, which must be event 0. */
    static Replay start(Event event) {
        return start(event, true);
    }

    /** As {@link #start}, for a replay that only draws: it keeps no {@link Remembered} ({@link #remembered} refuses). */
    static Replay startWithoutMemory(Event event) {
        return start(event, false);
    }

    private static Replay start(Event event, boolean remembers) {
        if (!(event instanceof Event.RunStarted start) || start.index() != 0) {
            throw new IllegalArgumentException("a trace starts with a run-started event at index 0, not " + event);
        }
        return new Replay(start, remembers);
    }

    Replay copy() {
        return new Replay(this);
    }

    int index() {
        return index;
    }

    void apply(Event event) {
        index = event.index();
        event.accept(applier);
    }

    /**
     * What each type of event means for the state: one method per type, so a new type of event does not compile until
     * the replay says what it means.
     */
    private final class Applier implements Event.Visitor<Void> {

        @Override
        public Void runStarted(Event.RunStarted e) {
            return null; // read by the constructor: there is only one
        }

        @Override
        public Void scriptLine(Event.ScriptLine e) {
            step = e.step();
            line = e.line();
            scriptText = e.text();
            thisLine = new Line(e.index());
            // A say line speaks of the run as it stands and announces the next line (its own script-line event
            // counts here too, and the narration that follows resets the count): while the next line runs it is
            // shown as said before it, and so through that line's repetitions ("repeat 9: holder release" is one
            // line of the file, and "count the notifications" speaks of all nine); once another line starts it is
            // gone.
            if (++linesSinceNarration == 1) {
                announcedLine = e.line();
            } else if (e.line() != announcedLine) {
                narration = "";
            }
            return null;
        }

        @Override
        public Void narration(Event.Narration e) {
            narration = e.text();
            linesSinceNarration = 0;
            return null;
        }

        @Override
        public Void call(Event.Call e) {
            calls[e.op().ordinal()]++;
            remembered.call(e);
            if (e.op() == Event.Op.REMOVE_WATCHES && e.ok()) {
                watches.removeIf(w -> w.client().equals(e.client()) && w.path().equals(e.path()));
            }
            if (!thisLine.lostCalls.isEmpty()) {
                thisLine.callsAfterLoss.add(e);
            }
            if (e.result() == org.apache.zookeeper.KeeperException.Code.CONNECTIONLOSS) {
                thisLine.lostCalls.add(e);
            }
            return null;
        }

        @Override
        public Void watchSet(Event.WatchSet e) {
            watches.add(new Watch(e.client(), e.path(), e.kind()));
            return null;
        }

        @Override
        public Void watchFired(Event.WatchFired e) {
            fire(e);
            return null;
        }

        @Override
        public Void strayNotification(Event.StrayNotification e) {
            thisLine.pulses.add(new ReplayState.Pulse(e.index(), e.client(), e.path(), e.type(), true));
            return null;
        }

        @Override
        public Void nodeCreated(Event.NodeCreated e) {
            if (isUnderTheLock(e.path())) {
                remembered.created(e.path(), e.index());
                String name = nameOf(e.path());
                znodes.put(e.path(), new Znode(e.path(), name, e.sequence(), e.owner(), e.mode(), Znode.kindOf(name),
                        e.protection()));
            }
            return null;
        }

        @Override
        public Void nodeDeleted(Event.NodeDeleted e) {
            Znode gone = znodes.remove(e.path());
            if (gone != null) {
                thisLine.ghosts.removeIf(g -> g.node().path().equals(e.path()));
                thisLine.ghosts.add(new ReplayState.Ghost(e.index(), gone, endingOf(e, gone), e.by()));
            }
            return null;
        }

        @Override
        public Void clientState(Event.ClientState e) {
            enter(e);
            return null;
        }

        @Override
        public Void fault(Event.Fault e) {
            Replay.this.fault(e);
            return null;
        }

        @Override
        public Void choice(Event.Choice e) {
            choices++;
            return null;
        }

        @Override
        public Void connection(Event.Connection e) {
            Replay.this.connection(e);
            return null;
        }

        @Override
        public Void serverRole(Event.ServerRole e) {
            Event.Role before = roles.put(e.server(), e.role());
            if (before == Event.Role.DOWN && e.role() != Event.Role.DOWN) {
                serverRestarts++;
                thisLine.serversBack = ReplayState.ServersBack.RESTARTED;
            }
            // An ensemble serves while it has a leader.
            serverRunning = roles.containsValue(Event.Role.LEADER);
            return null;
        }

        @Override
        public Void clientServer(Event.ClientServer e) {
            clientServers.put(e.client(), e.server());
            return null;
        }

        @Override
        public Void write(Event.Write e) {
            Replay.this.write(e);
            return null;
        }

        @Override
        public Void runEnded(Event.RunEnded e) {
            return null; // the run's outcome changes nothing the state shows
        }
    }

    private void fire(Event.WatchFired e) {
        notifications++;
        thisLine.pulses.add(new ReplayState.Pulse(e.index(), e.client(), e.path(), e.type(), false));
        if (!thisLine.woken.contains(e.client())) {
            thisLine.woken.add(e.client());
        }
        // The watch rule is ZooKeeper's, written once in WatchKind: which kinds an event of this type consumes.
        watches.removeIf(w -> w.client().equals(e.client()) && w.path().equals(e.path()) && w.kind().firedBy(e.type()));
        ClientView client = clients.get(e.client());
        if (client != null && (client.state() == State.WAITING || client.state() == State.REQUESTING)) {
            clients.put(e.client(), client.withWoken(true));
        }
    }

    private void enter(Event.ClientState e) {
        ClientView before = clients.getOrDefault(e.client(), ClientView.initial(e.client()));
        State was = before.state();
        remembered.entering(e, was, znodes);
        boolean woken = before.woken();
        if (e.state() == State.WAITING && woken) {
            futileWakeups++;
            woken = false;
        } else if (e.state() != State.REQUESTING) {
            // Still REQUESTING: the same attempt goes on; a wake-up followed by a re-check may yet end in waiting.
            woken = false;
        }
        // A holder's acquire counts one hold up, a release that leaves it holding one down: the client holds on.
        State state = e.state() == State.STILL_HOLDING ? State.HOLDING : e.state();
        int holds = e.state() == State.HOLDING ? (was == State.HOLDING ? before.holds() + 1 : 1)
                : e.state() == State.STILL_HOLDING ? Math.max(1, before.holds() - 1) : 0;
        clients.put(e.client(), before.withState(state, e.modeLabel(), e.watching()).withWoken(woken)
                .withHolds(holds));
        boolean asking = state == State.REQUESTING || state == State.WAITING;
        boolean wasAsking = was == State.REQUESTING || was == State.WAITING;
        if (state == State.HOLDING && e.state() == State.HOLDING) {
            ClientView now = clients.get(e.client());
            Asked asked = askedAt.get(e.client());
            thisLine.grants.add(new ReplayState.Grant(e.index(), e.client(), askedBefore(e.client()),
                    now.isStaleHolder(), asked != null, asked == null ? 0 : step - asked.step()));
        }
        if (asking && !wasAsking) {
            askedAt.put(e.client(), new Asked(e.index(), step));
            if (!before.woken()) {
                thisLine.requested.add(e.client());
            }
        } else if (!asking) {
            askedAt.remove(e.client());
        }
        if (e.state() == State.GAVE_UP && !thisLine.gaveUp.contains(e.client())) {
            thisLine.gaveUp.add(e.client());
        }
        if (e.state() == State.STILL_HOLDING && !thisLine.gaveBackOne.contains(e.client())) {
            thisLine.gaveBackOne.add(e.client());
        }
        if (state == State.HOLDING && was != State.HOLDING) {
            holders.add(e.client());
            acquisitions++;
        } else if (state != State.HOLDING && was == State.HOLDING) {
            holders.remove(e.client());
        }
        if (e.state() == State.CRASHED || e.state() == State.EXPIRED) {
            // Its session is gone: the server has dropped its watches.
            watches.removeIf(w -> w.client().equals(e.client()));
        }
    }

    private void fault(Event.Fault e) {
        thisLine.faults.add(note(e));
        remembered.fault(e);
        ClientView client = clients.get(e.client());
        switch (e.effect()) {
            // The server ends the session: it forgets the session's watches (its ephemeral nodes are deleted by
            // their own node-deleted events). What the client believes is not changed by this: see isStaleHolder.
            case ENDS_SESSION -> {
                if (client != null) {
                    clients.put(e.client(), client.withSessionAlive(false));
                }
                watches.removeIf(w -> w.client().equals(e.client()));
            }
            case PAUSES -> clients.computeIfPresent(e.client(), (name, view) -> view.withPaused(true));
            case RESUMES -> clients.computeIfPresent(e.client(), (name, view) -> view.withPaused(false));
            case STOPS_SERVERS -> serverRunning = false;
            case STARTS_SERVERS -> {
                serverRunning = true;
                serverRestarts++;
                thisLine.serversBack = ReplayState.ServersBack.STARTED_AGAIN;
            }
            case RESTARTS_SERVERS -> {
                if (roles.isEmpty()) {
                    // one server stops and starts within the fault: no role event tells it (an ensemble's do)
                    serverRestarts++;
                    thisLine.serversBack = ReplayState.ServersBack.RESTARTED;
                }
            }
            case NONE -> {
                // what it does shows in the events that follow it; an error is the client's lock code throwing
                if (client != null && e.kind().equals("error")) {
                    clients.put(e.client(), client.withThrew());
                }
            }
        }
    }

    /** The fault as it reads against the state just before it: who led, who was up, where a mover came from. */
    private ReplayState.FaultNote note(Event.Fault e) {
        Event.Role role = roles.get(e.server());
        int from = clientServers.getOrDefault(e.client(), 0);
        ReplayState.NodeFate fate = ReplayState.NodeFate.NO_NODE;
        if (e.effect() == Event.FaultEffect.ENDS_SESSION) {
            for (Znode z : znodes.values()) {
                if (z.owner().equals(e.client())) {
                    fate = z.isEphemeral() ? ReplayState.NodeFate.GOES : ReplayState.NodeFate.STAYS;
                    if (fate == ReplayState.NodeFate.STAYS) {
                        break;
                    }
                }
            }
        }
        return new ReplayState.FaultNote(e.index(), e.kind(), e.client() == null ? "" : e.client(), e.server(),
                role == Event.Role.LEADER, role != null && role != Event.Role.DOWN, from, fate,
                e.detail() == null ? "" : e.detail());
    }

    /** How a lock node ended, from the deletion's reason and what its deleter was doing just before. */
    private ReplayState.Ending endingOf(Event.NodeDeleted e, Znode node) {
        if (e.reason() != Event.Deletion.DELETED) {
            return ReplayState.Ending.SESSION_ENDED;
        }
        if (!e.by().isEmpty() && !e.by().equals(node.owner())) {
            return ReplayState.Ending.DELETED_BY_ANOTHER;
        }
        ClientView owner = clients.get(node.owner());
        State state = owner == null ? State.IDLE : owner.state();
        if (state == State.HOLDING && node.kind() == lockstep.algorithms.LockMode.WRITE
                && lockstep.algorithms.LockMode.READ.label().equals(owner.mode())) {
            // A reader's own write node, gone while it still reads: an upgrade it tried and withdrew (Curator's try
            // gives up and deletes the node it would wait on forever). It never held that node: not a release.
            return ReplayState.Ending.GIVE_UP;
        }
        // a release says RELEASED (or still holds) before or after its delete; anything else was a request withdrawn
        return state == State.HOLDING || state == State.RELEASED ? ReplayState.Ending.RELEASE
                : ReplayState.Ending.GIVE_UP;
    }

    /** The clients that asked before {@code client}'s current attempt began and are still asking. */
    private List<String> askedBefore(String client) {
        Asked mine = askedAt.get(client);
        if (mine == null) {
            return List.of();
        }
        List<String> earlier = new ArrayList<>();
        for (Map.Entry<String, Asked> e : askedAt.entrySet()) {
            if (!e.getKey().equals(client) && e.getValue().index() < mine.index()) {
                earlier.add(e.getKey());
            }
        }
        return List.copyOf(earlier);
    }

    private void connection(Event.Connection e) {
        ClientView client = clients.getOrDefault(e.client(), ClientView.initial(e.client()));
        boolean alive = switch (e.state()) {
            case CONNECTED -> true; // a new session, or the first
            case EXPIRED, CLOSED -> false;
            case DISCONNECTED, RECONNECTED -> client.sessionAlive();
        };
        clients.put(e.client(), client.withConnection(e.state(), e.session(), alive));
        if (e.state() == ConnectionState.CLOSED) {
            watches.removeIf(w -> w.client().equals(e.client()));
        }
    }

    private void write(Event.Write e) {
        remembered.wrote(e);
        thisLine.write = e;
        thisLine.acceptedBefore = resource.lastToken();
        if (e.accepted()) {
            resource = new Resource(resource.fencing(), e.token(), e.client(), resource.accepted() + 1,
                    resource.refused());
        } else {
            resource = new Resource(resource.fencing(), resource.lastToken(), resource.lastWriter(),
                    resource.accepted(), resource.refused() + 1);
        }
    }

    private boolean isUnderTheLock(String path) {
        return path.startsWith(childPrefix) && path.length() > childPrefix.length();
    }

    private static String nameOf(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    // ---- reads for the live runner (LiveReplay): no copies ---------------------------------------------------------

    ClientView client(String name) {
        return clients.getOrDefault(name, ClientView.initial(name));
    }

    List<String> holdersNow() {
        return Collections.unmodifiableList(holders);
    }

    Collection<String> askingNow() {
        return Collections.unmodifiableSet(askedAt.keySet());
    }

    List<ReplayState.Grant> grantsThisLineNow() {
        return thisLine.grants.frozen();
    }

    Map<String, Znode> znodesNow() {
        return Collections.unmodifiableSortedMap(znodes);
    }

    Resource resource() {
        return resource;
    }

    String lockPath() {
        return lockPath;
    }

    int permits() {
        return permits;
    }

    /** What the run remembers beyond its state now ({@link Remembered}), as an immutable copy. */
    Remembered remembered() {
        return remembered.snapshot();
    }

    /** The path of the watch {@code client} set last and still holds, or "". */
    String latestWatchOf(String client) {
        String latest = "";
        for (Watch watch : watches) {
            if (watch.client().equals(client)) {
                latest = watch.path();
            }
        }
        return latest;
    }

    /**
     * The immutable state. The maps are wrapped, not copied: call this only on a replay that will not be applied to
     * again (a copy, or the last state of a finished trace).
     */
    ReplayState freeze() {
        Map<String, Integer> callsByLabel = new LinkedHashMap<>();
        for (Event.Op op : Event.Op.values()) {
            callsByLabel.put(op.label(), calls[op.ordinal()]);
        }
        return new ReplayState(index, step, line, scriptText, narration, !narration.isEmpty() && linesSinceNarration > 0,
                lockPath, permits,
                Collections.unmodifiableSortedMap(znodes), List.copyOf(watches), Collections.unmodifiableMap(clients),
                List.copyOf(holders), serverRunning, resource,
                new Counters(acquisitions, notifications, futileWakeups, Collections.unmodifiableMap(callsByLabel),
                        choices),
                roles.isEmpty() ? EnsembleView.NONE : new EnsembleView(Collections.unmodifiableSortedMap(roles),
                        Collections.unmodifiableMap(clientServers)), serverRestarts, thisLine.freeze(), locks);
    }

    /** The ensemble now, copied. */
    EnsembleView ensemble() {
        return roles.isEmpty() ? EnsembleView.NONE
                : new EnsembleView(new TreeMap<>(roles), new LinkedHashMap<>(clientServers));
    }

    /** An asking client's current attempt: the event it started at, and the script step. */
    private record Asked(int index, int step) {
    }

    /**
     * What the current script line has done so far; shared with a snapshot in O(1) (its lists only grow, see
     * {@link AppendOnly}), frozen with its state.
     */
    private static final class Line {
        final int start;
        final AppendOnly<ReplayState.Pulse> pulses;
        final AppendOnly<ReplayState.Ghost> ghosts;
        final AppendOnly<String> woken;
        final AppendOnly<ReplayState.Grant> grants;
        final AppendOnly<String> requested;
        final AppendOnly<String> gaveUp;
        final AppendOnly<String> gaveBackOne;
        final AppendOnly<ReplayState.FaultNote> faults;
        final AppendOnly<Event.Call> lostCalls;
        final AppendOnly<Event.Call> callsAfterLoss;
        Event.Write write;
        long acceptedBefore = -1;
        ReplayState.ServersBack serversBack = ReplayState.ServersBack.NO;

        Line(int start) {
            this.start = start;
            pulses = new AppendOnly<>();
            ghosts = new AppendOnly<>();
            woken = new AppendOnly<>();
            grants = new AppendOnly<>();
            requested = new AppendOnly<>();
            gaveUp = new AppendOnly<>();
            gaveBackOne = new AppendOnly<>();
            faults = new AppendOnly<>();
            lostCalls = new AppendOnly<>();
            callsAfterLoss = new AppendOnly<>();
        }

        private Line(Line other) {
            start = other.start;
            pulses = other.pulses.share();
            ghosts = other.ghosts.share();
            woken = other.woken.share();
            grants = other.grants.share();
            requested = other.requested.share();
            gaveUp = other.gaveUp.share();
            gaveBackOne = other.gaveBackOne.share();
            faults = other.faults.share();
            lostCalls = other.lostCalls.share();
            callsAfterLoss = other.callsAfterLoss.share();
            write = other.write;
            acceptedBefore = other.acceptedBefore;
            serversBack = other.serversBack;
        }

        Line copy() {
            return new Line(this);
        }

        ReplayState.ThisLine freeze() {
            return new ReplayState.ThisLine(start, pulses.frozen(), ghosts.frozen(), woken.frozen(), grants.frozen(),
                    requested.frozen(), gaveUp.frozen(), gaveBackOne.frozen(), faults.frozen(), lostCalls.frozen(),
                    callsAfterLoss.frozen(), write, write == null ? -1 : acceptedBefore, serversBack);
        }
    }

    /** An immutable copy of the state now, for a replay that goes on being applied to. */
    ReplayState snapshot() {
        return copy().freeze();
    }
}
