package lockstep.gui.demo;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.session.WatchKind;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.Op;
import lockstep.simulator.trace.Event.State;

/**
 * Hand-made traces shaped like the simulator's, for tests, the frame-time benchmark and previews: the herd effect with
 * the naive lock (one ephemeral znode everyone watches) and the sequential lock (each waiter watches its predecessor).
 */
public final class DemoTraces {

    public static final String LOCK = "/locks/demo";

    private DemoTraces() {
    }

    /** Scenario "02": {@code clients} clients ask for the lock, then each holder releases in turn. */
    public static List<Event> herd(String algorithm, int clients) {
        Builder b = new Builder("02-herd-effect", "The herd effect", algorithm, 1729, clients);
        b.line(3, "c1: lock");
        b.acquire("c1");
        b.line(4, "c2..c" + clients + ": lock");
        for (int i = 2; i <= clients; i++) {
            b.acquire("c" + i);
        }
        b.say("c1 released the lock. " + ("naive".equals(algorithm)
                ? "Every waiter of the naive lock is woken at once: only one of them can win."
                : "Only c1's successor is woken: it watched c1's znode."));
        b.line(6, "c1: unlock");
        b.release();
        for (int k = 2; k <= clients; k++) {
            b.line(6 + k - 1, "holder: unlock");
            b.release();
        }
        b.end();
        return b.events;
    }

    /** A long run for benchmarks: {@code clients} clients lock and unlock in rounds until at least {@code minEvents}. */
    public static List<Event> rounds(String algorithm, int clients, int minEvents) {
        Builder b = new Builder("bench", "Benchmark", algorithm, 7, clients);
        int step = 1;
        while (b.events.size() < minEvents) {
            b.line(step++, "all: lock");
            for (int i = 1; i <= clients && b.events.size() < minEvents; i++) {
                b.acquire("c" + i);
            }
            if (step % 3 == 0) {
                b.say("round " + step + ": everyone queues again");
            }
            while (!b.queue.isEmpty() || b.holder != null) {
                if (b.events.size() >= minEvents) {
                    break;
                }
                b.line(step++, "holder: unlock");
                b.release();
            }
        }
        b.end();
        return b.events;
    }

    /** Builds a trace event by event, keeping the znodes and waiters of one lock. */
    public static final class Builder {
        final List<Event> events = new ArrayList<>();
        final String algorithm;
        final boolean naive;
        int step;
        long seq;
        String holder;
        String holderNode;
        /** sequential: the queue of (client, node) after the holder; naive: the waiters. */
        final Deque<String[]> queue = new ArrayDeque<>();

        public Builder(String scenario, String title, String algorithm, long seed, int clients) {
            this.algorithm = algorithm;
            this.naive = !"sequential".equals(algorithm);
            List<String> names = new ArrayList<>();
            for (int i = 1; i <= clients; i++) {
                names.add("c" + i);
            }
            events.add(new Event.RunStarted(0, scenario, title, algorithm, seed, LOCK, names, true));
        }

        int next() {
            return events.size();
        }

        public Builder line(int line, String text) {
            events.add(new Event.ScriptLine(next(), ++step, line, text));
            return this;
        }

        public Builder say(String text) {
            events.add(new Event.Narration(next(), text));
            return this;
        }

        public Builder add(Event e) {
            events.add(e);
            return this;
        }

        public List<Event> events() {
            return events;
        }

        void state(String c, State s, String mode, String watching) {
            events.add(new Event.ClientState(next(), c, s,
                    mode.isEmpty() ? null : LockMode.valueOf(mode.toUpperCase(Locale.ROOT)), watching));
        }

        void call(String c, Op op, String path, boolean watch, String result, String detail) {
            events.add(new Event.Call(next(), c, op, path, watch, Code.valueOf(result.toUpperCase(Locale.ROOT)),
                    detail));
        }

        public Builder acquire(String c) {
            state(c, State.REQUESTING, "exclusive", "");
            if (naive) {
                tryNaive(c);
            } else {
                String node = LOCK + "/lock-" + String.format("%010d", ++seq);
                call(c, Op.CREATE, LOCK + "/lock-", false, "ok", node);
                events.add(new Event.NodeCreated(next(), node, seq, c, CreateMode.EPHEMERAL_SEQUENTIAL));
                call(c, Op.GET_CHILDREN, LOCK, false, "ok", children(node));
                if (holder == null && queue.isEmpty()) {
                    holder = c;
                    holderNode = node;
                    state(c, State.HOLDING, "exclusive", "");
                } else {
                    String pred = queue.isEmpty() ? holderNode : queue.peekLast()[1];
                    call(c, Op.EXISTS, pred, true, "ok", "exists");
                    events.add(new Event.WatchSet(next(), c, pred, WatchKind.EXISTS));
                    state(c, State.WAITING, "exclusive", pred);
                    queue.addLast(new String[] {c, node});
                }
            }
            return this;
        }

        private String children(String mine) {
            List<String> names = new ArrayList<>();
            if (holderNode != null) {
                names.add(holderNode.substring(LOCK.length() + 1));
            }
            for (String[] q : queue) {
                names.add(q[1].substring(LOCK.length() + 1));
            }
            if (mine != null) {
                names.add(mine.substring(LOCK.length() + 1));
            }
            return String.join(",", names);
        }

        private void tryNaive(String c) {
            String node = LOCK + "/lock";
            if (holder == null) {
                call(c, Op.CREATE, node, false, "ok", node);
                events.add(new Event.NodeCreated(next(), node, -1, c, CreateMode.EPHEMERAL));
                holder = c;
                holderNode = node;
                state(c, State.HOLDING, "exclusive", "");
            } else {
                call(c, Op.CREATE, node, false, "nodeexists", "");
                call(c, Op.EXISTS, node, true, "ok", "exists");
                events.add(new Event.WatchSet(next(), c, node, WatchKind.EXISTS));
                state(c, State.WAITING, "exclusive", node);
                queue.addLast(new String[] {c, node});
            }
        }

        public Builder release() {
            if (holder == null) {
                return this;
            }
            String c = holder;
            String node = holderNode;
            call(c, Op.DELETE, node, false, "ok", "");
            events.add(new Event.NodeDeleted(next(), node, c, Event.Deletion.DELETED, c));
            state(c, State.IDLE, "", "");
            holder = null;
            holderNode = null;
            if (naive) {
                List<String[]> woken = new ArrayList<>(queue);
                queue.clear();
                for (String[] w : woken) {
                    events.add(new Event.WatchFired(next(), w[0], node, EventType.NodeDeleted));
                }
                for (String[] w : woken) {
                    state(w[0], State.REQUESTING, "exclusive", "");
                    tryNaive(w[0]);
                }
            } else if (!queue.isEmpty()) {
                String[] succ = queue.pollFirst();
                events.add(new Event.WatchFired(next(), succ[0], node, EventType.NodeDeleted));
                holder = succ[0];
                holderNode = succ[1];
                call(succ[0], Op.GET_CHILDREN, LOCK, false, "ok", children(null));
                state(succ[0], State.HOLDING, "exclusive", "");
            }
            return this;
        }

        public Builder end() {
            events.add(new Event.RunEnded(next(), "completed"));
            return this;
        }
    }
}
