package lockstep.simulator.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.session.WatchKind;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.Op;
import lockstep.simulator.trace.Event.State;

/**
 * A made-up but plausible trace of any length, without ZooKeeper: clients contend for one exclusive lock, first as a
 * herd (everyone watches the lock's children, so every change wakes every waiter), then as a queue (each waiter
 * watches its predecessor), with crashes and session expiries along the way. The same arguments always give the same
 * trace. It feeds the seek benchmark and property tests; it is not a model of any real algorithm's timing.
 */
public final class SyntheticTrace {

    private static final String LOCK = "/lockstep/bench";

    private final List<Event> events = new ArrayList<>();
    private final SplittableRandom random;
    private final List<String> clients = new ArrayList<>();
    private final Map<String, State> states = new HashMap<>();
    /** The live lock nodes: sequence -> owner. */
    private final TreeMap<Long, String> queue = new TreeMap<>();
    private final Map<String, Long> nodeOf = new HashMap<>();
    private final LinkedHashSet<String> childWatchers = new LinkedHashSet<>();
    private final Map<Long, String> predecessorWatchers = new HashMap<>();
    private final int herdUntil;
    private long nextSequence = 1;
    private int step;

    private SyntheticTrace(int clientCount, int size, long seed) {
        random = new SplittableRandom(seed);
        herdUntil = size / 2;
        for (int i = 1; i <= clientCount; i++) {
            clients.add("c" + i);
            states.put("c" + i, State.IDLE);
        }
        add(new Event.RunStarted(0, "synthetic", "A synthetic herd, then queue", "herd+queue", seed, LOCK, clients, true));
    }

    /** A trace of exactly {@code size} events (at least 2) among {@code clientCount} clients, ending in run-ended. */
    public static List<Event> generate(int clientCount, int size, long seed) {
        if (size < 2 || clientCount < 1) {
            throw new IllegalArgumentException("a trace needs 2 events and a client, not " + size + " and " + clientCount);
        }
        SyntheticTrace trace = new SyntheticTrace(clientCount, size, seed);
        while (trace.events.size() < size - 1) {
            trace.nextStep();
        }
        List<Event> events = new ArrayList<>(trace.events.subList(0, size - 1));
        events.add(new Event.RunEnded(size - 1, "completed"));
        return List.copyOf(events);
    }

    private void nextStep() {
        String holder = holder();
        double dice = random.nextDouble();
        List<String> idle = clientsIn(State.IDLE, State.RELEASED, State.GAVE_UP, State.EXPIRED);
        List<String> crashed = clientsIn(State.CRASHED);
        if (!crashed.isEmpty() && (holder == null && idle.isEmpty() || dice < 0.02)) {
            expire(crashed.get(random.nextInt(crashed.size())));
        } else if (dice < 0.03) {
            List<String> contenders = clientsIn(State.WAITING, State.HOLDING);
            if (!contenders.isEmpty()) {
                crash(contenders.get(random.nextInt(contenders.size())));
            }
        } else if (holder != null && (idle.isEmpty() || dice < 0.35)) {
            release(holder);
        } else if (!idle.isEmpty()) {
            request(idle.get(random.nextInt(idle.size())));
        }
        if (step % 50 == 0) {
            add(new Event.Narration(next(), "Step " + step + ": " + queue.size() + " nodes in the queue."));
        }
    }

    private void request(String client) {
        line(client + " acquires");
        state(client, State.REQUESTING, "");
        long sequence = nextSequence++;
        String path = path(sequence);
        add(new Event.Call(next(), client, Op.CREATE, LOCK + "/lock-", false, Code.OK, path));
        add(new Event.NodeCreated(next(), path, sequence, client, CreateMode.EPHEMERAL_SEQUENTIAL));
        queue.put(sequence, client);
        nodeOf.put(client, sequence);
        childrenChanged();
        if (states.get(client) == State.REQUESTING) {
            evaluate(client);
        }
    }

    private void release(String client) {
        line(client + " releases");
        // Released before the delete: once the node is gone the next client may be granted, and a holder that is
        // still holding then would be two holders at once.
        state(client, State.RELEASED, "");
        long sequence = nodeOf.remove(client);
        add(new Event.Call(next(), client, Op.DELETE, path(sequence), false, Code.OK, ""));
        deleted(sequence, client, Event.Deletion.DELETED, client);
    }

    private void crash(String client) {
        line("crash " + client);
        add(new Event.Fault(next(), "crash", Event.FaultEffect.ENDS_SESSION, client, 0, "the client stops; its session lives on until it expires"));
        state(client, State.CRASHED, "");
        childWatchers.remove(client);
        predecessorWatchers.values().removeIf(client::equals);
    }

    private void expire(String client) {
        line("expire " + client);
        add(new Event.Fault(next(), "expire", Event.FaultEffect.ENDS_SESSION, client, 0, "session timeout"));
        state(client, State.EXPIRED, "");
        Long sequence = nodeOf.remove(client);
        if (sequence != null) {
            deleted(sequence, client, Event.Deletion.SESSION_EXPIRED, "");
        }
    }

    private void deleted(long sequence, String owner, Event.Deletion reason, String by) {
        add(new Event.NodeDeleted(next(), path(sequence), owner, reason, by));
        queue.remove(sequence);
        String watcher = predecessorWatchers.remove(sequence);
        if (watcher != null) {
            add(new Event.WatchFired(next(), watcher, path(sequence), EventType.NodeDeleted));
            evaluate(watcher);
        }
        childrenChanged();
    }

    /** Every child watch on the lock fires; the woken waiters look again. */
    private void childrenChanged() {
        List<String> woken = new ArrayList<>(childWatchers);
        childWatchers.clear();
        for (String client : woken) {
            add(new Event.WatchFired(next(), client, LOCK, EventType.NodeChildrenChanged));
        }
        for (String client : woken) {
            if (states.get(client) == State.WAITING) {
                evaluate(client);
            }
        }
    }

    private void evaluate(String client) {
        long own = nodeOf.get(client);
        boolean herd = events.size() < herdUntil;
        add(new Event.Call(next(), client, Op.GET_CHILDREN, LOCK, herd, Code.OK,
                queue.size() + " children, lowest " + name(queue.firstKey())));
        if (herd) {
            childWatchers.add(client);
            add(new Event.WatchSet(next(), client, LOCK, WatchKind.CHILDREN));
        }
        Long predecessor = queue.lowerKey(own);
        if (predecessor == null) {
            state(client, State.HOLDING, "");
        } else if (herd) {
            state(client, State.WAITING, LOCK);
        } else {
            add(new Event.Call(next(), client, Op.EXISTS, path(predecessor), true, Code.OK, "exists"));
            add(new Event.WatchSet(next(), client, path(predecessor), WatchKind.EXISTS));
            predecessorWatchers.put(predecessor, client);
            state(client, State.WAITING, path(predecessor));
        }
    }

    private String holder() {
        for (String client : clients) {
            if (states.get(client) == State.HOLDING) {
                return client;
            }
        }
        return null;
    }

    private List<String> clientsIn(State... wanted) {
        List<String> found = new ArrayList<>();
        for (String client : clients) {
            for (State state : wanted) {
                if (states.get(client) == state) {
                    found.add(client);
                }
            }
        }
        return found;
    }

    private void line(String text) {
        step++;
        add(new Event.ScriptLine(next(), step, step + 2, text));
    }

    private void state(String client, State state, String watching) {
        states.put(client, state);
        LockMode mode = state == State.REQUESTING || state == State.WAITING || state == State.HOLDING
                ? LockMode.EXCLUSIVE : null;
        add(new Event.ClientState(next(), client, state, mode, watching));
    }

    private static String path(long sequence) {
        return LOCK + "/" + name(sequence);
    }

    private static String name(long sequence) {
        return String.format("lock-%010d", sequence);
    }

    private int next() {
        return events.size();
    }

    private void add(Event event) {
        events.add(event);
    }
}
