package lockstep.simulator.replay;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lockstep.simulator.text.CaptionTexts;
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

    /** A whole number in a fault's sentence: a server's number (the 2 of a client's name "c2" is not one). */
    private static final Pattern NUMBER = Pattern.compile("\\b\\d+\\b");

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
        String jumpedAhead = "";
        for (int i = from; i <= index; i++) {
            Event e = trace.get(i);
            if (e instanceof Event.NodeDeleted d && d.path().startsWith(lockChild)) {
                if (d.reason().startsWith("deleted by")) {
                    // (a waiter that gives up deletes its node too: the same English word, not the same Chinese one)
                    addOnce(did, CaptionTexts.text(held(trace, i, d.owner()) ? "caption.released"
                            : "caption.released.node", d.owner()));
                }
            } else if (e instanceof Event.Fault f && f.kind().equals("crash") && f.client() != null) {
                addOnce(did, crashText(trace, i, f.client(), lockChild));
            } else if (e instanceof Event.Fault f) {
                addOnce(did, faultText(f));
            } else if (e instanceof Event.WatchFired f) {
                woken.add(f.client());
            } else if (e instanceof Event.Call c && c.result() == org.apache.zookeeper.KeeperException.Code.CONNECTIONLOSS) {
                addOnce(did, CaptionTexts.text("caption.connection-loss", c.client(), c.op().label()));
            } else if (e instanceof Event.ClientState c) {
                switch (c.state()) {
                    case HOLDING -> {
                        won.add(c.client());
                        String earlier = askedEarlierAndStillWaiting(trace, i, c.client(), state);
                        if (!earlier.isEmpty()) {
                            jumped = c.client();
                            jumpedAhead = earlier;
                        }
                    }
                    case REQUESTING -> {
                        if (!woken.contains(c.client())) {
                            requested.add(c.client());
                        }
                    }
                    case GAVE_UP -> addOnce(did, CaptionTexts.text("caption.gave-up", c.client()));
                    default -> {
                    }
                }
            }
        }
        List<String> sentences = new ArrayList<>();
        if (!did.isEmpty()) {
            sentences.add(CaptionTexts.text("caption.sentence", list(did)));
        } else if (!requested.isEmpty()) {
            sentences.add(CaptionTexts.text(requested.size() == 1 ? "caption.asks.one" : "caption.asks.many",
                    names(requested)));
        }
        if (!woken.isEmpty()) {
            sentences.add(woken.size() <= 3 ? CaptionTexts.text("caption.woken", names(woken))
                    : CaptionTexts.text("caption.woken.count", woken.size()));
        }
        // A handle that counts up a hold from an ended session (a reentrant acquire by a zombie) wins nothing.
        List<String> zombiesWon = won.stream().filter(w -> state.clients().get(w) != null
                && state.clients().get(w).isStaleHolder()).toList();
        won.removeAll(zombiesWon);
        if (!jumped.isEmpty() && !zombiesWon.contains(jumped)) {
            sentences.add(CaptionTexts.text("caption.jumped", jumped, jumpedAhead));
        } else if (!won.isEmpty()) {
            sentences.add(CaptionTexts.text(won.size() == 1 ? "caption.wins.one" : "caption.wins.many", names(won)));
        }
        if (!zombiesWon.isEmpty()) {
            sentences.add(CaptionTexts.text(zombiesWon.size() == 1 ? "caption.zombie" : "caption.zombies",
                    names(zombiesWon)));
        }
        int futile = 0;
        for (String w : woken) {
            ReplayState.ClientView c = state.clients().get(w);
            if (c != null && !c.woken() && (c.state() == Event.State.WAITING) && !won.contains(w)) {
                futile++;
            }
        }
        if (futile > 0) {
            sentences.add(CaptionTexts.text(futile == 1 ? "caption.futile.one" : "caption.futile.many", futile));
        }
        if (sentences.isEmpty() && !state.holders().isEmpty()) {
            sentences.add(holders(state));
        }
        String out = "";
        for (String sentence : sentences) {
            out = out.isEmpty() ? sentence : CaptionTexts.text("caption.then", out, sentence);
        }
        return out.strip();
    }

    /**
     * Who holds the lock, when the script line did nothing to it. A zombie only believes it holds: saying "c1, c2 hold
     * the lock" beside a clean checker would be untrue.
     */
    private static String holders(ReplayState state) {
        List<String> live = new ArrayList<>();
        List<String> zombies = new ArrayList<>();
        for (String h : state.holders()) {
            ReplayState.ClientView c = state.clients().get(h);
            (c != null && c.isStaleHolder() ? zombies : live).add(h);
        }
        String zombie = zombies.isEmpty() ? "" : zombies.size() == 1 ? ".zombie" : ".zombies";
        if (live.isEmpty()) {
            return CaptionTexts.text("caption" + zombie, names(zombies));
        }
        String key = (live.size() == 1 ? "caption.holds.one" : "caption.holds.many") + zombie;
        return zombies.isEmpty() ? CaptionTexts.text(key, names(live))
                : CaptionTexts.text(key, names(live), names(zombies));
    }

    /** Whether {@code client} held the lock just before event {@code at}, by its last state change before it. */
    private static boolean held(List<Event> trace, int at, String client) {
        for (int i = at - 1; i >= 0; i--) {
            if (trace.get(i) instanceof Event.ClientState c && c.client().equals(client)) {
                return c.state() == Event.State.HOLDING || c.state() == Event.State.STILL_HOLDING
                        || c.state() == Event.State.RELEASED;
            }
        }
        return false;
    }

    private static void addOnce(List<String> list, String text) {
        if (!text.isEmpty() && !list.contains(text)) {
            list.add(text);
        }
    }

    /**
     * A fault as the caption says it. Every fault writes an English sentence of its own into the trace; the caption
     * says the same in the current language, the numbers of a server fault read back from that sentence. A fault it
     * has no words for (an internal error, a trace of another version) is said as recorded.
     */
    private static String faultText(Event.Fault f) {
        String who = f.client() == null ? "" : f.client();
        String detail = f.detail() == null ? "" : f.detail();
        List<String> numbers = new ArrayList<>();
        Matcher number = NUMBER.matcher(detail);
        while (number.find()) {
            numbers.add(number.group());
        }
        String key = "caption.fault." + f.kind();
        return switch (f.kind()) {
            case "crash", "expire" -> who.isEmpty() ? CaptionTexts.text(key + ".nobody") : CaptionTexts.text(key, who);
            case "server-restart", "server-start", "server-stop" -> CaptionTexts.text(key);
            case "server-kill" -> numbers.size() == 1
                    ? CaptionTexts.text(detail.contains("the leader") ? key + ".leader" : key, numbers.get(0))
                    : recorded(f);
            case "server-n-restart" -> numbers.size() == 1
                    ? CaptionTexts.text(detail.contains(" stops and ") ? key + ".up" : key, numbers.get(0))
                    : recorded(f);
            case "move" -> numbers.size() >= 2 && !who.isEmpty()
                    ? CaptionTexts.text(key, who, numbers.get(numbers.size() - 2), numbers.get(numbers.size() - 1))
                    : recorded(f);
            case "pause", "resume", "give-up", "disconnect", "reconnect", "lose-create-reply" ->
                    who.isEmpty() ? recorded(f) : CaptionTexts.text(key, who);
            default -> recorded(f);
        };
    }

    /**
     * A crash as it went for this lane: the crashed client's session ends, and its node goes with it only if it had an
     * ephemeral one (a persistent node stays: the bug that shows it; an idle client has none).
     */
    private static String crashText(List<Event> trace, int at, String who, String lockChild) {
        Set<String> owned = new LinkedHashSet<>();
        for (int i = 0; i < at; i++) {
            if (trace.get(i) instanceof Event.NodeCreated c && who.equals(c.owner()) && c.path().startsWith(lockChild)) {
                owned.add(c.path());
            } else if (trace.get(i) instanceof Event.NodeDeleted d) {
                owned.remove(d.path());
            }
        }
        if (owned.isEmpty()) {
            return CaptionTexts.text("caption.fault.crash.no-node", who);
        }
        // the session's nodes go before the next script line starts, or not at all
        for (int i = at + 1; i < trace.size() && !(trace.get(i) instanceof Event.ScriptLine); i++) {
            if (trace.get(i) instanceof Event.NodeDeleted d && owned.contains(d.path())) {
                return CaptionTexts.text("caption.fault.crash", who);
            }
        }
        return CaptionTexts.text("caption.fault.crash.node-stays", who);
    }

    /** The fault's own sentence from the trace; a bare fault name is the last resort. */
    private static String recorded(Event.Fault f) {
        String who = f.client() == null || f.client().isEmpty() ? "" : f.client() + " ";
        return f.detail() == null || f.detail().isEmpty() ? who + f.kind() : f.detail();
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

    /** "c1, c2, c3, c4"; five or more: "c1, c2, c3 and 2 more". */
    private static String names(java.util.Collection<String> clients) {
        List<String> list = new ArrayList<>(clients);
        if (list.size() <= 4) {
            return list(list);
        }
        return CaptionTexts.text("caption.names-and-more", list(list.subList(0, 3)), list.size() - 3);
    }

    /** The parts joined as the language joins a list ("a, b, c"; in Chinese "a，b，c"). */
    private static String list(List<String> parts) {
        String out = "";
        for (String part : parts) {
            out = out.isEmpty() ? part : CaptionTexts.text("caption.join", out, part);
        }
        return out;
    }
}
