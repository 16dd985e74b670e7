package lockstep.gui.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * The window's access to the state of a run at any event: the simulator's {@link ReplayModel}, and, while that model
 * cannot answer ({@link UnsupportedOperationException}), a replay of the same rules written here: snapshots every
 * {@value #SNAPSHOT_EVERY} events plus replay from the nearest one. Stepping back is seeking, never undoing.
 */
public final class Replays {

    static final int SNAPSHOT_EVERY = 128;

    private final ReplayModel model;
    private final List<Event> events;
    private final List<Event.Violation> violations;
    private volatile boolean useModel = true;
    private final List<Working> snapshots = new ArrayList<>();

    private Replays(ReplayModel model) {
        this.model = model;
        this.events = model.events();
        List<Event.Violation> found = new ArrayList<>();
        for (Event e : events) {
            if (e instanceof Event.Violation v) {
                found.add(v);
            }
        }
        this.violations = List.copyOf(found);
    }

    public static Replays of(List<Event> events) {
        if (events.isEmpty() || !(events.get(0) instanceof Event.RunStarted)) {
            throw new IllegalArgumentException("a trace starts with run-started");
        }
        return new Replays(ReplayModel.of(events));
    }

    public List<Event> events() {
        return events;
    }

    public int size() {
        return events.size();
    }

    public Event.RunStarted run() {
        return (Event.RunStarted) events.get(0);
    }

    /** Every checker finding of the run, wherever it shows. */
    public List<Event.Violation> violations() {
        return violations;
    }

    /** The state just after event {@code index}. */
    public ReplayState stateAt(int index) {
        if (useModel) {
            try {
                return model.stateAt(index);
            } catch (UnsupportedOperationException notYet) {
                useModel = false;
            }
        }
        return fallbackStateAt(index);
    }

    private synchronized ReplayState fallbackStateAt(int index) {
        if (index < 0 || index >= events.size()) {
            throw new IndexOutOfBoundsException(index);
        }
        int slot = index / SNAPSHOT_EVERY;
        while (snapshots.size() <= slot) {
            int k = snapshots.size();
            Working w = k == 0 ? new Working(run()) : snapshots.get(k - 1).copy();
            int from = k == 0 ? 0 : (k - 1) * SNAPSHOT_EVERY + 1;
            for (int i = from; i <= k * SNAPSHOT_EVERY && i < events.size(); i++) {
                w.apply(events.get(i));
            }
            snapshots.add(w);
        }
        Working w = snapshots.get(slot).copy();
        for (int i = slot * SNAPSHOT_EVERY + 1; i <= index; i++) {
            w.apply(events.get(i));
        }
        return w.freeze(index, violations);
    }

    /** Mutable replay state; {@link #copy()} for snapshots. */
    private static final class Working {
        final String lockPath;
        int index;
        int step;
        int line;
        String scriptText = "";
        String narration = "";
        TreeMap<String, ReplayState.Znode> znodes = new TreeMap<>();
        List<ReplayState.Watch> watches = new ArrayList<>();
        LinkedHashMap<String, ReplayState.ClientView> clients = new LinkedHashMap<>();
        List<String> holders = new ArrayList<>();
        int acquisitions;
        int notifications;
        int futile;
        LinkedHashMap<String, Integer> calls = new LinkedHashMap<>();
        /** clients woken by a notification and not yet holding or waiting again. */
        List<String> woken = new ArrayList<>();

        Working(Event.RunStarted run) {
            lockPath = run.lockPath();
            for (String c : run.clients()) {
                clients.put(c, new ReplayState.ClientView(c, Event.State.IDLE, "", ""));
            }
        }

        private Working(String lockPath) {
            this.lockPath = lockPath;
        }

        Working copy() {
            Working w = new Working(lockPath);
            w.index = index;
            w.step = step;
            w.line = line;
            w.scriptText = scriptText;
            w.narration = narration;
            w.znodes = new TreeMap<>(znodes);
            w.watches = new ArrayList<>(watches);
            w.clients = new LinkedHashMap<>(clients);
            w.holders = new ArrayList<>(holders);
            w.acquisitions = acquisitions;
            w.notifications = notifications;
            w.futile = futile;
            w.calls = new LinkedHashMap<>(calls);
            w.woken = new ArrayList<>(woken);
            return w;
        }

        boolean underLock(String path) {
            return path.startsWith(lockPath + "/");
        }

        void apply(Event e) {
            index = e.index();
            if (e instanceof Event.ScriptLine s) {
                step = s.step();
                line = s.line();
                scriptText = s.text();
            } else if (e instanceof Event.Narration n) {
                narration = n.text();
            } else if (e instanceof Event.Call c) {
                calls.merge(c.op().label(), 1, Integer::sum);
            } else if (e instanceof Event.WatchSet w) {
                watches.add(new ReplayState.Watch(w.client(), w.path(), w.kind()));
            } else if (e instanceof Event.WatchFired f) {
                watches.removeIf(w -> w.client().equals(f.client()) && w.path().equals(f.path()));
                notifications++;
                if (!woken.contains(f.client())) {
                    woken.add(f.client());
                }
            } else if (e instanceof Event.NodeCreated n) {
                if (underLock(n.path())) {
                    znodes.put(n.path(), new ReplayState.Znode(n.path(), n.path().substring(lockPath.length() + 1),
                            n.sequence(), n.owner(), n.mode()));
                }
            } else if (e instanceof Event.NodeDeleted d) {
                znodes.remove(d.path());
            } else if (e instanceof Event.ClientState s) {
                clients.put(s.client(), new ReplayState.ClientView(s.client(), s.state(), s.mode(), s.watching()));
                if (s.state() == Event.State.HOLDING) {
                    if (!holders.contains(s.client())) {
                        holders.add(s.client());
                        acquisitions++;
                    }
                } else {
                    holders.remove(s.client());
                }
                if (s.state() == Event.State.WAITING && woken.remove(s.client())) {
                    futile++;
                } else if (s.state() != Event.State.REQUESTING) {
                    woken.remove(s.client());
                }
                if (s.state() == Event.State.CRASHED || s.state() == Event.State.EXPIRED) {
                    watches.removeIf(w -> w.client().equals(s.client()));
                }
            }
        }

        ReplayState freeze(int at, List<Event.Violation> all) {
            List<Event.Violation> found = new ArrayList<>();
            for (Event.Violation v : all) {
                if (v.at() <= at) {
                    found.add(v);
                }
            }
            return new ReplayState(at, step, line, scriptText, narration, lockPath,
                    Collections.unmodifiableSortedMap(new TreeMap<>(znodes)), List.copyOf(watches),
                    Collections.unmodifiableMap(new LinkedHashMap<>(clients)), List.copyOf(holders),
                    new ReplayState.Counters(acquisitions, notifications, futile, Map.copyOf(calls)),
                    List.copyOf(found));
        }
    }
}
