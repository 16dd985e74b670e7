package lockstep.simulator.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.NodeName;
import lockstep.algorithms.session.WatchKind;
import lockstep.algorithms.session.ZkCall;
import lockstep.algorithms.session.ZkOp;
import lockstep.algorithms.session.ZkResult;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.schedule.Option;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;

/**
 * Lockstep mode: runs a system of clients to quiescence one step at a time and writes down what happens.
 *
 * <p>At each stable point of the {@link Gate} the conductor collects the open {@link Opening}s (calls waiting at the
 * seam, notifications waiting to be delivered), asks the {@link Scheduler} when there are two or more (and writes that
 * choice to the trace), and lets the chosen one happen: a call runs and is recorded with what it changed on the server (a
 * node created or deleted, a watch set, and the notifications this must deliver, predicted by the {@link WatchBook}
 * and awaited, never slept for); a notification is recorded and handed to its client. When no option is open, the
 * system is quiescent.
 */
final class Conductor {

    private final Gate gate;
    private final TraceRecorder trace;
    private final Scheduler scheduler;
    private final WatchBook watches = new WatchBook();
    private final LostReplies lostReplies;
    /**
     * Each open option as the scheduler and the trace show it, made once while it stays open (a herd offers hundreds
     * at every step), and again only if a tag learned meanwhile changes how its path is written.
     */
    private final Map<Opening, Described> described = new IdentityHashMap<>();

    private record Described(Option option, int tags) {
    }

    /** Options let happen so far in this run (chosen or the only one): a reducing search tells its steps apart. */
    private int steps;

    Conductor(Gate gate, TraceRecorder trace, Scheduler scheduler, LostReplies lostReplies) {
        this.gate = gate;
        this.trace = trace;
        this.scheduler = scheduler;
        this.lostReplies = lostReplies;
    }

    /** What the conductor needs when a create's reply was lost on purpose (the lose-create-reply fault). */
    interface LostReplies {
        /** True when {@code client}'s create was applied and its reply dropped (waits until the network says). */
        boolean lost(String client);

        /** The server's children of {@code path} now. */
        List<String> childrenOnTheServer(String path) throws Exception;

        /** Waits until the client is connected again after the dropped connection, and writes that down. */
        void awaitReconnected(String client, int connectionEventsBefore);

        /** A write call was answered: on an ensemble, every server catches up before the next call. */
        default void written() {
        }
    }

    /**
     * Runs until the system is quiescent: no client has a call to make, no notification may be delivered, and every
     * busy client is parked waiting for a notification (or paused).
     *
     * @param atStablePoint called at every stable point, before the conductor acts (to write down state changes)
     */
    void runToQuiescence(Runnable atStablePoint) {
        // The script or a fault may have changed any client since the last settle (an action started, a thread
        // interrupted): the first look examines them all, later looks only the clients a step touched.
        gate.lookAtEveryone();
        while (true) {
            gate.awaitStablePoint();
            atStablePoint.run();
            List<Opening> open = gate.openOptions();
            if (open.isEmpty()) {
                described.clear();
                gate.forgetSurplus();
                if (scheduler.followsEveryStep()) {
                    scheduler.quiescent();
                }
                return;
            }
            Opening chosen = open.get(open.size() == 1 ? 0 : choose(open));
            described.remove(chosen);
            if (open.size() == 1 && scheduler.followsEveryStep()) {
                scheduler.only(chosen.match(this::describe, this::describe));
            }
            steps++;
            chosen.either(this::run, this::deliver);
        }
    }

    /** Lets the call go, writes down what it did on the server, and owes the notifications that fires. */
    private void run(Opening.Call pending) {
        ZkCall call = pending.call();
        int connectionEvents = gate.connectionEvents(call.client());
        if (call.op() == ZkOp.CREATE) {
            trace.learnTags(call.client(), call.path());
        }
        ZkResult result = gate.run(pending);
        if (call.op() == ZkOp.CREATE || call.op() == ZkOp.DELETE || call.op() == ZkOp.SET_DATA) {
            lostReplies.written();
        }
        record(call, result);
        if (call.op() == ZkOp.CREATE && !result.ok() && lostReplies.lost(call.client())) {
            recordLostCreate(call, connectionEvents);
        }
    }

    /** Writes the notification down, then hands it to its client's watcher. */
    private void deliver(Opening.Notification notification) {
        trace.add(new Event.WatchFired(trace.next(), notification.client(), trace.normalize(notification.path()),
                notification.type()));
        gate.deliver(notification);
    }

    private int choose(List<Opening> open) {
        if (described.size() > 4 * open.size() + 64) {
            // openings taken or dropped meanwhile (a crashed client's)
            Set<Opening> stillOpen = Collections.newSetFromMap(new IdentityHashMap<>());
            stillOpen.addAll(open);
            described.keySet().retainAll(stillOpen);
        }
        List<Option> options = new ArrayList<>(open.size());
        for (Opening o : open) {
            Described known = described.get(o);
            // A reducing search tells options apart by the step they are offered at: it gets them made anew.
            if (known == null || known.tags() != trace.tagsLearned() || scheduler.followsEveryStep()) {
                known = new Described(o.match(this::describe, this::describe), trace.tagsLearned());
                described.put(o, known);
            }
            options.add(known.option());
        }
        int taken = scheduler.choose(options);
        trace.add(new Event.Choice(trace.next(), trace.options(options.stream().map(Option::text).toList()), taken));
        return taken;
    }

    private Option describe(Opening.Call pending) {
        ZkCall call = pending.call();
        String path = trace.normalize(call.path());
        // A create or a delete changes its parent's children too; a create's own name is known only once made
        // (a sequence number), so it touches every child of the parent.
        String parent = trace.normalize(parentOf(call.path()));
        List<String> touches = call.op() == ZkOp.CREATE ? List.of(path, parent, parent + "/*")
                : call.op() == ZkOp.DELETE ? List.of(path, parent) : List.of(path);
        return new Option(Option.Kind.CALL, call.client(), call.client() + " " + label(call.op()) + " " + path,
                touches, writes(call.op()), steps);
    }

    private Option describe(Opening.Notification pending) {
        String path = trace.normalize(pending.path());
        return new Option(Option.Kind.DELIVERY, pending.client(), pending.client() + " <- "
                + pending.type().name() + " " + path, List.of(path), false, steps);
    }

    /** Whether an operation changes what it touches: reads leave at most a watch of their own client. */
    private static boolean writes(ZkOp op) {
        return switch (op) {
            case EXISTS, GET_DATA, GET_CHILDREN -> false;
            case CREATE, DELETE, SET_DATA, REMOVE_WATCHES -> true;
        };
    }

    private static String label(ZkOp op) {
        return Event.Op.valueOf(op.name()).label();
    }

    /** Writes down the nodes of a session the server ended, and owes the notifications their deletion fires. */
    void sessionEnded(String client, Event.Deletion reason) {
        // The session's own watches go with it: its nodes' deletion fires only other clients' watches.
        watches.forget(client);
        for (Znode node : trace.state().ephemeralsOf(client)) {
            trace.add(new Event.NodeDeleted(trace.next(), node.path(), client, reason, ""));
            owe(trace.denormalize(node.path()), EventType.NodeDeleted);
        }
    }

    /**
     * The client can no longer be reached (its link cut, the servers down): its watches stop firing; or it can be
     * reached again: the watches whose node changed meanwhile fire now, and the next stable point waits for them.
     */
    void setReachable(String client, boolean reachable) {
        if (!reachable) {
            watches.away(client);
            return;
        }
        gate.owe(watches.back(client, this::existsNow));
    }

    /** Whether a watched path exists now, as far as the trace follows the tree (the lock's parents always do). */
    private boolean existsNow(String path) {
        String normalized = trace.normalize(path);
        String lock = trace.state().lockPath();
        return !normalized.startsWith(lock + "/") || trace.state().znodes().containsKey(normalized);
    }

    /** The server forgets a crashed client's watches, and the gate stops waiting for anything of it. */
    void takeOutOfTheRun(String client) {
        gate.takeOutOfTheRun(client);
        watches.forget(client);
    }

    private void record(ZkCall call, ZkResult result) {
        String client = call.client();
        String detail = "";
        if (result.ok() && call.op() == ZkOp.CREATE) {
            detail = trace.normalize(result.createdPath());
        } else if (result.ok() && call.op() == ZkOp.GET_CHILDREN) {
            detail = trace.children(result.children());
        } else if (call.op() == ZkOp.EXISTS) {
            detail = result.ok() ? "exists" : "absent";
        }
        trace.add(new Event.Call(trace.next(), client, Event.Op.valueOf(call.op().name()),
                trace.normalize(call.path()), call.watch(), result.code(), detail));
        if (result.watchLeft(call)) {
            WatchKind kind = call.watchKind();
            watches.set(client, call.path(), call.watcher(), kind, result.ok());
            trace.add(new Event.WatchSet(trace.next(), client, trace.normalize(call.path()), kind));
        }
        if (!result.ok()) {
            return;
        }
        switch (call.op()) {
            case CREATE -> {
                String created = result.createdPath();
                CreateMode mode = call.mode();
                String name = created.substring(created.lastIndexOf('/') + 1);
                long sequence = mode.isSequential() && NodeName.isSequential(name) ? NodeName.parse(name).sequence()
                        : -1;
                trace.add(new Event.NodeCreated(trace.next(), trace.normalize(created), sequence, client, mode));
                owe(created, EventType.NodeCreated);
            }
            case DELETE -> {
                Znode node = trace.state().znodes().get(trace.normalize(call.path()));
                trace.add(new Event.NodeDeleted(trace.next(), trace.normalize(call.path()),
                        node == null ? "" : node.owner(), Event.Deletion.DELETED, client));
                owe(call.path(), EventType.NodeDeleted);
            }
            case SET_DATA -> {
                gate.owe(watches.fire(call.path(), EventType.NodeDataChanged));
                recordStrays();
            }
            case REMOVE_WATCHES -> watches.remove(client, call.path(), call.watcher());
            default -> {
                // reads change nothing
            }
        }
    }

    /**
     * The server applied {@code call} but its reply was lost with the connection: writes down the node the server made
     * (the trace could not see it), the watches it fires, and the client's dropped and restored connection.
     */
    private void recordLostCreate(ZkCall call, int connectionEventsBefore) {
        String parent = parentOf(call.path());
        String prefix = call.path().substring(parent.length() + 1);
        try {
            for (String name : lostReplies.childrenOnTheServer(parent).stream().sorted().toList()) {
                String path = parent + "/" + name;
                boolean made = call.mode().isSequential() ? name.startsWith(prefix) && NodeName.isSequential(name)
                        : name.equals(prefix);
                if (made && !trace.state().znodes().containsKey(trace.normalize(path))) {
                    long sequence = call.mode().isSequential() ? NodeName.parse(name).sequence() : -1;
                    trace.add(new Event.NodeCreated(trace.next(), trace.normalize(path), sequence, call.client(),
                            call.mode()));
                    owe(path, EventType.NodeCreated);
                }
            }
        } catch (Exception e) {
            throw new RunStalledException("could not see what the server made of " + call.client()
                    + "'s create: " + e.getMessage());
        }
        lostReplies.awaitReconnected(call.client(), connectionEventsBefore);
    }

    /** A node was created or deleted: its own watches fire, and its parent's child watches. */
    private void owe(String path, EventType type) {
        gate.owe(watches.fire(path, type));
        gate.owe(watches.fire(parentOf(path), EventType.NodeChildrenChanged));
        recordStrays();
    }

    /** Notifications the server sent for watches their clients had taken back: they arrive, and nobody listens. */
    private void recordStrays() {
        for (WatchBook.Expected stray : watches.takeStrays()) {
            trace.add(new Event.StrayNotification(trace.next(), stray.client(), trace.normalize(stray.path()),
                    stray.type()));
        }
    }

    private static String parentOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }
}
