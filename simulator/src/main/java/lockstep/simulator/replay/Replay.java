package lockstep.simulator.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Counters;
import lockstep.simulator.replay.ReplayState.Watch;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.State;
import lockstep.simulator.trace.Event.WatchKind;

/**
 * A run's state being rebuilt by applying events one at a time: the only place where the meaning of each event for the
 * replayed state is written down. Mutable and confined to one thread; {@link ReplayModel} keeps copies of it as
 * snapshots and never mutates a snapshot.
 */
final class Replay {

    private final String lockPath;
    private final String childPrefix;
    private int index;
    private int step;
    private int line;
    private String scriptText = "";
    private String narration = "";
    private final TreeMap<String, Znode> znodes;
    private final LinkedHashSet<Watch> watches;
    private final LinkedHashMap<String, ClientView> clients;
    private final ArrayList<String> holders;
    private int acquisitions;
    private int notifications;
    private int futileWakeups;
    private final int[] calls;
    /** Clients woken while waiting that have neither held the lock nor waited again since. */
    private final HashSet<String> woken;

    private Replay(Event.RunStarted start) {
        lockPath = start.lockPath();
        childPrefix = lockPath.endsWith("/") ? lockPath : lockPath + "/";
        znodes = new TreeMap<>(ZnodeOrder.INSTANCE);
        watches = new LinkedHashSet<>();
        clients = new LinkedHashMap<>();
        for (String client : start.clients()) {
            clients.put(client, new ClientView(client, State.IDLE, "", ""));
        }
        holders = new ArrayList<>();
        calls = new int[Event.Op.values().length];
        woken = new HashSet<>();
    }

    private Replay(Replay other) {
        lockPath = other.lockPath;
        childPrefix = other.childPrefix;
        index = other.index;
        step = other.step;
        line = other.line;
        scriptText = other.scriptText;
        narration = other.narration;
        znodes = new TreeMap<>(other.znodes);
        watches = new LinkedHashSet<>(other.watches);
        clients = new LinkedHashMap<>(other.clients);
        holders = new ArrayList<>(other.holders);
        acquisitions = other.acquisitions;
        notifications = other.notifications;
        futileWakeups = other.futileWakeups;
        calls = other.calls.clone();
        woken = new HashSet<>(other.woken);
    }

    /** The state just after {@code start}, which must be event 0. */
    static Replay start(Event event) {
        if (!(event instanceof Event.RunStarted start) || start.index() != 0) {
            throw new IllegalArgumentException("a trace starts with a run-started event at index 0, not " + event);
        }
        return new Replay(start);
    }

    Replay copy() {
        return new Replay(this);
    }

    int index() {
        return index;
    }

    void apply(Event event) {
        index = event.index();
        if (event instanceof Event.ScriptLine e) {
            step = e.step();
            line = e.line();
            scriptText = e.text();
        } else if (event instanceof Event.Narration e) {
            narration = e.text();
        } else if (event instanceof Event.Call e) {
            calls[e.op().ordinal()]++;
            if (e.op() == Event.Op.REMOVE_WATCHES && e.ok()) {
                watches.removeIf(w -> w.client().equals(e.client()) && w.path().equals(e.path()));
            }
        } else if (event instanceof Event.NodeCreated e) {
            if (isUnderTheLock(e.path())) {
                znodes.put(e.path(), new Znode(e.path(), nameOf(e.path()), e.sequence(), e.owner(), e.mode()));
            }
        } else if (event instanceof Event.NodeDeleted e) {
            znodes.remove(e.path());
        } else if (event instanceof Event.WatchSet e) {
            watches.add(new Watch(e.client(), e.path(), e.kind()));
        } else if (event instanceof Event.WatchFired e) {
            fire(e);
        } else if (event instanceof Event.ClientState e) {
            enter(e);
        }
    }

    private void fire(Event.WatchFired e) {
        notifications++;
        switch (e.type()) {
            case "NodeDeleted" -> {
                // A deleted node also fires the child watches set on it, with this same event type.
                watches.remove(new Watch(e.client(), e.path(), WatchKind.DATA));
                watches.remove(new Watch(e.client(), e.path(), WatchKind.EXISTS));
                watches.remove(new Watch(e.client(), e.path(), WatchKind.CHILDREN));
            }
            case "NodeCreated", "NodeDataChanged" -> {
                watches.remove(new Watch(e.client(), e.path(), WatchKind.DATA));
                watches.remove(new Watch(e.client(), e.path(), WatchKind.EXISTS));
            }
            case "NodeChildrenChanged" -> watches.remove(new Watch(e.client(), e.path(), WatchKind.CHILDREN));
            default -> {
                // Session events (None, ...) consume no watch.
            }
        }
        ClientView client = clients.get(e.client());
        if (client != null && (client.state() == State.WAITING || client.state() == State.REQUESTING)) {
            woken.add(e.client());
        }
    }

    private void enter(Event.ClientState e) {
        ClientView before = clients.get(e.client());
        State was = before == null ? State.IDLE : before.state();
        clients.put(e.client(), new ClientView(e.client(), e.state(), e.mode(), e.watching()));
        if (e.state() == State.HOLDING && was != State.HOLDING) {
            holders.add(e.client());
            acquisitions++;
        } else if (e.state() != State.HOLDING && was == State.HOLDING) {
            holders.remove(e.client());
        }
        switch (e.state()) {
            case WAITING -> {
                if (woken.remove(e.client())) {
                    futileWakeups++;
                }
            }
            case REQUESTING -> {
                // Still in the same attempt: a wake-up followed by a re-check may yet end in waiting again.
            }
            default -> woken.remove(e.client());
        }
        if (e.state() == State.CRASHED || e.state() == State.EXPIRED) {
            // The server drops a dead session's watches; a crashed client can no longer receive any.
            watches.removeIf(w -> w.client().equals(e.client()));
        }
    }

    private boolean isUnderTheLock(String path) {
        return path.startsWith(childPrefix) && path.length() > childPrefix.length();
    }

    private static String nameOf(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /**
     * The immutable state, with the findings whose {@code at} is at or before this index. The collections are
     * wrapped, not copied: call this only on a replay that will not be applied to again.
     */
    ReplayState freeze(List<Event.Violation> allFindings) {
        Map<String, Integer> callsByLabel = new LinkedHashMap<>();
        for (Event.Op op : Event.Op.values()) {
            callsByLabel.put(op.label(), calls[op.ordinal()]);
        }
        List<Event.Violation> findings = new ArrayList<>();
        for (Event.Violation finding : allFindings) {
            if (finding.at() <= index) {
                findings.add(finding);
            }
        }
        Map<String, ClientView> shown = clients;
        if (!woken.isEmpty()) {
            // The wake-up is modelled here only; the views read it from ClientView.woken.
            shown = new LinkedHashMap<>(clients);
            for (String name : woken) {
                shown.computeIfPresent(name, (n, c) -> c.asWoken());
            }
        }
        return new ReplayState(index, step, line, scriptText, narration, lockPath,
                Collections.unmodifiableSortedMap(znodes), List.copyOf(watches), Collections.unmodifiableMap(shown),
                List.copyOf(holders),
                new Counters(acquisitions, notifications, futileWakeups, Collections.unmodifiableMap(callsByLabel)),
                List.copyOf(findings));
    }
}
