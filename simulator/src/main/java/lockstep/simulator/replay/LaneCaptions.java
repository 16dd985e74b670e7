package lockstep.simulator.replay;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import lockstep.simulator.trace.Event;

/**
 * A lane's own caption at an event: one or two sentences generated from that lane's trace alone, so they are true for
 * the lane they sit over whatever the scenario's {@code say:} lines assume.
 *
 * <p>Steps: find the script step the event belongs to; say what the step did to the lock so far (a release, a crash, an
 * expiry, a give-up, a request); then who was woken, who won and whether the winner jumped the queue (someone who asked
 * earlier is still waiting), and how many wake-ups turned out futile. Guarantees: every client named, every count and
 * every order stated is read from the events up to the given index; nothing is said about later events.
 */
public final class LaneCaptions {

    private LaneCaptions() {
    }

    /** The caption for {@code trace} just after event {@code index}, whose state is {@code state}. */
    public static String at(List<Event> trace, int index, ReplayState state) {
        int from = index;
        while (from > 0 && !(trace.get(from) instanceof Event.ScriptLine)) {
            from--;
        }
        String lockChild = ((Event.RunStarted) trace.get(0)).lockPath() + "/";
        List<String> did = new ArrayList<>();
        Set<String> woken = new LinkedHashSet<>();
        List<String> won = new ArrayList<>();
        List<String> requested = new ArrayList<>();
        String jumped = "";
        for (int i = from; i <= index; i++) {
            Event e = trace.get(i);
            if (e instanceof Event.NodeDeleted d && d.path().startsWith(lockChild)) {
                if (d.reason().startsWith("deleted by")) {
                    addOnce(did, d.owner() + " released");
                }
            } else if (e instanceof Event.Fault f) {
                addOnce(did, faultText(f));
            } else if (e instanceof Event.WatchFired f) {
                woken.add(f.client());
            } else if (e instanceof Event.Call c && c.result() == org.apache.zookeeper.KeeperException.Code.CONNECTIONLOSS) {
                addOnce(did, c.client() + "'s " + c.op().label() + " met a connection loss and was retried");
            } else if (e instanceof Event.ClientState c) {
                switch (c.state()) {
                    case HOLDING -> {
                        won.add(c.client());
                        String earlier = askedEarlierAndStillWaiting(trace, i, c.client(), state);
                        if (!earlier.isEmpty()) {
                            jumped = c.client() + " wins, jumping the queue (" + earlier + " asked first)";
                        }
                    }
                    case REQUESTING -> {
                        if (!woken.contains(c.client())) {
                            requested.add(c.client());
                        }
                    }
                    case GAVE_UP -> addOnce(did, c.client() + " gave up");
                    default -> {
                    }
                }
            }
        }
        StringBuilder out = new StringBuilder();
        if (!did.isEmpty()) {
            out.append(String.join(", ", did)).append(". ");
        } else if (!requested.isEmpty()) {
            out.append(names(requested)).append(requested.size() == 1 ? " asks" : " ask").append(" for the lock. ");
        }
        if (!woken.isEmpty()) {
            out.append(woken.size() <= 3 ? names(woken) + " woken. " : woken.size() + " woken. ");
        }
        if (!jumped.isEmpty()) {
            out.append(jumped).append(". ");
        } else if (!won.isEmpty()) {
            out.append(names(won)).append(won.size() == 1 ? " wins" : " win").append(". ");
        }
        int futile = 0;
        for (String w : woken) {
            ReplayState.ClientView c = state.clients().get(w);
            if (c != null && !c.woken() && (c.state() == Event.State.WAITING) && !won.contains(w)) {
                futile++;
            }
        }
        if (futile > 0) {
            out.append(futile).append(futile == 1 ? " woke for nothing and waits again." : " woke for nothing and wait again.");
        }
        if (out.length() == 0 && !state.holders().isEmpty()) {
            // A zombie only believes it holds: saying "c1, c2 hold the lock" beside a clean checker would be untrue.
            List<String> live = new ArrayList<>();
            List<String> zombies = new ArrayList<>();
            for (String h : state.holders()) {
                ReplayState.ClientView c = state.clients().get(h);
                (c != null && c.isStaleHolder() ? zombies : live).add(h);
            }
            boolean one = zombies.size() == 1;
            if (!live.isEmpty()) {
                out.append(names(live)).append(live.size() == 1 ? " holds" : " hold").append(" the lock");
                out.append(zombies.isEmpty() ? "." : "; " + names(zombies)
                        + (one ? " only thinks it does" : " only think they do"));
            } else {
                out.append(names(zombies))
                        .append(one ? " only thinks it holds the lock" : " only think they hold the lock");
            }
            if (!zombies.isEmpty()) {
                out.append(one ? " (its session ended)." : " (their sessions ended).");
            }
        }
        return out.toString().strip();
    }

    private static void addOnce(List<String> list, String text) {
        if (!text.isEmpty() && !list.contains(text)) {
            list.add(text);
        }
    }

    private static String faultText(Event.Fault f) {
        String who = f.client() == null || f.client().isEmpty() ? "" : f.client() + " ";
        return switch (f.kind()) {
            case "crash" -> who + "crashed: its session ends, its node goes";
            case "expire" -> who.isEmpty() ? "a session expired" : who + "lost its session (expired)";
            case "server-restart" -> "the server stopped and started again; the sessions reconnected";
            // Every fault writes a sentence of its own into the trace; a bare fault name is the last resort.
            default -> f.detail() == null || f.detail().isEmpty() ? who + f.kind() : f.detail();
        };
    }

    /**
     * A client that started asking before {@code winner}'s current attempt (granted at event {@code at}) and is still
     * waiting or asking in {@code shown}, the state the caption describes: the winner jumped ahead of it. A reader
     * granted a moment before an earlier reader has jumped no one. "" if none.
     */
    private static String askedEarlierAndStillWaiting(List<Event> trace, int at, String winner, ReplayState shown) {
        // When did each client start its current attempt, and is it still in it at 'at'?
        Map<String, Integer> started = new java.util.LinkedHashMap<>();
        Map<String, Event.State> now = new java.util.HashMap<>();
        for (int i = 0; i < at; i++) {
            if (trace.get(i) instanceof Event.ClientState c) {
                Event.State was = now.getOrDefault(c.client(), Event.State.IDLE);
                boolean asking = c.state() == Event.State.REQUESTING || c.state() == Event.State.WAITING;
                boolean wasAsking = was == Event.State.REQUESTING || was == Event.State.WAITING;
                if (asking && !wasAsking) {
                    started.put(c.client(), i);
                } else if (!asking) {
                    started.remove(c.client());
                }
                now.put(c.client(), c.state());
            }
        }
        Integer mine = started.get(winner);
        if (mine == null) {
            return "";
        }
        String first = "";
        int firstAt = Integer.MAX_VALUE;
        for (Map.Entry<String, Integer> e : started.entrySet()) {
            ReplayState.ClientView other = shown.clients().get(e.getKey());
            boolean stillAsking = other != null
                    && (other.state() == Event.State.WAITING || other.state() == Event.State.REQUESTING);
            if (!e.getKey().equals(winner) && stillAsking && e.getValue() < mine && e.getValue() < firstAt) {
                first = e.getKey();
                firstAt = e.getValue();
            }
        }
        return first;
    }

    private static String names(java.util.Collection<String> clients) {
        List<String> list = new ArrayList<>(clients);
        if (list.size() <= 4) {
            return String.join(", ", list);
        }
        return String.join(", ", list.subList(0, 3)) + " and " + (list.size() - 3) + " more";
    }
}
