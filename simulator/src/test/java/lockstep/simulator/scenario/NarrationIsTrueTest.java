package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.simulator.replay.ReplayModel;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * Every built-in scenario run with every correct algorithm, and each bug of the gallery with its own scenario
 * ({@link GalleryRuns}): no {@code say:} text shown in a lane names a holder, a waiter, a
 * watch, an order or a count that the lane's own run contradicts. A claim may be about the moment the text appears or
 * about the end of the line it announces (the text stays on screen through it).
 */
class NarrationIsTrueTest {

    private static final String C = "([a-z]+\\d+)";
    private static final List<Pattern> HOLDS = List.of(
            Pattern.compile(C + ",? (?:now |still |which now )?holds?\\b"),
            Pattern.compile(C + ", [^,.;]+, holds\\b"),
            Pattern.compile(C + " is woken by [^ ]+ release and holds\\b"),
            Pattern.compile(C + " (?:checked|listed) the children, found itself (?:first|lowest) and "
                    + "(?:now holds|took the lock)"));
    private static final Pattern HOLD_TOGETHER = Pattern.compile(C + " and " + C + " hold together");
    private static final Pattern WAIT_TWO = Pattern.compile(C + " and " + C + " (?:still )?wait\\b");
    private static final Pattern WAITS = Pattern.compile(C + " (?:still )?waits\\b");
    private static final Pattern WAIT_RANGE = Pattern.compile("([a-z]+)(\\d+) to \\1(\\d+) wait\\b");
    private static final Pattern WATCHES = Pattern.compile(C + " watches " + C + "\\b");
    private static final Pattern LOOK_AT_WATCH = Pattern.compile("Look at " + C + "'s watch\\..*, " + C + "\\.");
    private static final Pattern TOTAL = Pattern.compile("(?:= |, )(\\d+)(?: in all)?\\.");

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("lockstep.simulator.scenario.GalleryRuns#arguments")
    void everySayLineIsTrueForTheLaneItIsShownIn(String scenario, String algorithm) throws Exception {
        List<Event> trace = GalleryRuns.trace(scenario, algorithm);
        ReplayModel model = ReplayModel.of(trace);
        List<String> wrong = new ArrayList<>();
        for (Event e : trace) {
            if (e instanceof Event.Narration n && !n.text().isEmpty()) {
                ReplayState now = model.stateAt(n.index());
                ReplayState after = model.stateAt(endOfNextAction(trace, n.index()));
                for (String claim : claims(n.text(), trace, n.index())) {
                    if (!holds(claim, now, trace) && !holds(claim, after, trace)) {
                        wrong.add("'" + claim + "' in: " + n.text());
                    }
                }
            }
        }
        assertTrue(wrong.isEmpty(), scenario + " with " + algorithm + ": " + wrong);
    }

    /** The last event of the first script line after {@code at} that is not a say line. */
    private static int endOfNextAction(List<Event> trace, int at) {
        int i = at + 1;
        boolean inAction = false;
        for (; i < trace.size(); i++) {
            if (trace.get(i) instanceof Event.ScriptLine s) {
                if (inAction) {
                    return i - 1;
                }
                inAction = !s.text().startsWith("say:");
            }
        }
        return trace.size() - 1;
    }

    /** The checkable claims in a text, each as "KIND args". */
    private static List<String> claims(String text, List<Event> trace, int at) {
        List<String> out = new ArrayList<>();
        for (Pattern p : HOLDS) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                out.add("holds " + m.group(1));
            }
        }
        find(HOLD_TOGETHER, text, m -> out.add("holds " + m.group(1) + " " + m.group(2)));
        find(WAIT_TWO, text, m -> out.add("waits " + m.group(1) + " " + m.group(2)));
        find(WAITS, text, m -> out.add("waits " + m.group(1)));
        find(WAIT_RANGE, text, m -> {
            StringBuilder names = new StringBuilder("waits");
            for (int k = Integer.parseInt(m.group(2)); k <= Integer.parseInt(m.group(3)); k++) {
                names.append(' ').append(m.group(1)).append(k);
            }
            out.add(names.toString());
        });
        find(WATCHES, text, m -> out.add("watches " + m.group(1) + " " + m.group(2)));
        find(LOOK_AT_WATCH, text, m -> out.add("watches " + m.group(1) + " " + m.group(2)));
        if (text.contains("watches its predecessor") || text.contains("watches only the node just before its own")
                || text.contains("each with a watch on the node before its own")) {
            out.add("chain");
        }
        if (text.contains("watches the one lock node") || text.contains("watching the one lock node")
                || text.contains("watch the one lock node")) {
            out.add("one-node");
        }
        if (text.contains("the list of children")) {
            out.add("children");
        }
        if (text.contains("not in the order they asked")) {
            out.add("unfair");
        } else if (text.contains("in the order they asked")) {
            out.add("fair");
        }
        find(TOTAL, text, m -> out.add("notifications " + m.group(1)));
        return out;
    }

    private static void find(Pattern p, String text, java.util.function.Consumer<Matcher> each) {
        Matcher m = p.matcher(text);
        while (m.find()) {
            each.accept(m);
        }
    }

    private static boolean holds(String claim, ReplayState s, List<Event> trace) {
        String[] w = claim.split(" ");
        switch (w[0]) {
            case "holds" -> {
                for (int i = 1; i < w.length; i++) {
                    if (!s.holders().contains(w[i])) {
                        return false;
                    }
                }
                return true;
            }
            case "waits" -> {
                for (int i = 1; i < w.length; i++) {
                    ReplayState.ClientView c = s.clients().get(w[i]);
                    if (c == null || c.state() != Event.State.WAITING) {
                        return false;
                    }
                }
                return true;
            }
            case "watches" -> {
                ReplayState.ClientView c = s.clients().get(w[1]);
                ReplayState.Znode z = c == null ? null : s.znodes().get(c.watching());
                return z != null && z.owner().equals(w[2]);
            }
            case "chain" -> {
                for (ReplayState.ClientView c : waiting(s)) {
                    ReplayState.Znode own = ownNode(s, c.name());
                    ReplayState.Znode watched = s.znodes().get(c.watching());
                    if (own == null || watched == null || predecessor(s, own) != watched) {
                        return false;
                    }
                }
                return !waiting(s).isEmpty();
            }
            case "one-node" -> {
                for (ReplayState.ClientView c : waiting(s)) {
                    ReplayState.Znode watched = s.znodes().get(c.watching());
                    if (watched == null || watched.sequence() >= 0) {
                        return false;
                    }
                }
                return !waiting(s).isEmpty();
            }
            case "children" -> {
                for (ReplayState.ClientView c : waiting(s)) {
                    if (!c.watching().equals(s.lockPath())) {
                        return false;
                    }
                }
                return true;
            }
            case "fair", "unfair" -> {
                boolean fair = grantOrder(trace, s.index()).equals(requestOrder(trace, s.index()));
                return fair == w[0].equals("fair");
            }
            case "notifications" -> {
                return ReplayModel.endOf(trace).counters().notifications() == Integer.parseInt(w[1]);
            }
            default -> throw new IllegalStateException(claim);
        }
    }

    private static List<ReplayState.ClientView> waiting(ReplayState s) {
        return s.clients().values().stream().filter(c -> c.state() == Event.State.WAITING).toList();
    }

    private static ReplayState.Znode ownNode(ReplayState s, String client) {
        return s.znodes().values().stream().filter(z -> z.owner().equals(client)).findFirst().orElse(null);
    }

    private static ReplayState.Znode predecessor(ReplayState s, ReplayState.Znode own) {
        ReplayState.Znode best = null;
        for (ReplayState.Znode z : s.znodes().values()) {
            if (z.sequence() < own.sequence() && (best == null || z.sequence() > best.sequence())) {
                best = z;
            }
        }
        return best;
    }

    /** Clients in the order they were first granted the lock, up to {@code at}. */
    private static List<String> grantOrder(List<Event> trace, int at) {
        List<String> out = new ArrayList<>();
        for (Event e : trace.subList(0, at + 1)) {
            if (e instanceof Event.ClientState c && c.state() == Event.State.HOLDING && !out.contains(c.client())) {
                out.add(c.client());
            }
        }
        return out;
    }

    /** The same clients in the order they first asked. */
    private static List<String> requestOrder(List<Event> trace, int at) {
        List<String> granted = grantOrder(trace, at);
        Map<String, Integer> first = new LinkedHashMap<>();
        for (Event e : trace.subList(0, at + 1)) {
            if (e instanceof Event.ClientState c && c.state() == Event.State.REQUESTING) {
                first.putIfAbsent(c.client(), e.index());
            }
        }
        List<String> out = new ArrayList<>(first.keySet());
        out.retainAll(granted);
        return out;
    }

}
