package lockstep.simulator.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lockstep.algorithms.NodeName;
import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.trace.ChoiceOptions;
import lockstep.simulator.trace.Event;

/**
 * Numbers the events of one run and writes every path the way a trace must show it: the random part of a node's name
 * (our GUID, Curator's protection prefix {@code _c_<uuid>-}) becomes the name of the client that created it, so the
 * same run gives the same bytes every time.
 */
final class TraceRecorder {

    private static final Pattern PROTECTION = Pattern.compile(
            "_c_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-");

    private final List<Event> events = new ArrayList<>();
    private final Map<String, String> ownerOfTag = new HashMap<>();
    private final Map<String, String> realPaths = new HashMap<>();
    private final ChoiceOptions.Builder options = new ChoiceOptions.Builder();
    private LiveReplay live;
    private int tagsLearned;

    int next() {
        return events.size();
    }

    void add(Event event) {
        if (event.index() != events.size()) {
            throw new IllegalStateException("event " + event.index() + " recorded at " + events.size());
        }
        events.add(event);
        if (live == null) {
            live = LiveReplay.startingWith(event);
        } else {
            live.apply(event);
        }
    }

    /** The run's state as the trace so far tells it: the one book of who holds, waits, watches and owns. */
    LiveReplay state() {
        return live;
    }

    List<Event> events() {
        return events;
    }

    /** A choice's options, kept as what changed since the run's previous choice ({@link ChoiceOptions}). */
    List<String> options(List<String> texts) {
        return options.next(texts);
    }

    /** Learns the tag in a path a client is about to create, so the tag can be written as the client's name. */
    void learnTags(String client, String path) {
        Matcher matcher = PROTECTION.matcher(path);
        while (matcher.find()) {
            if (ownerOfTag.putIfAbsent(matcher.group(1), client) == null) {
                tagsLearned++;
            }
        }
    }

    /** How many tags are known: a path written before a new one was learned may be written differently now. */
    int tagsLearned() {
        return tagsLearned;
    }

    /** {@code path} with every known tag written as its client's name ({@code _c_c3-lock-0000000002}). */
    String normalize(String path) {
        if (path == null || path.indexOf("_c_") < 0) {
            return path;
        }
        Matcher matcher = PROTECTION.matcher(path);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String owner = ownerOfTag.getOrDefault(matcher.group(1), "unknown");
            matcher.appendReplacement(out, Matcher.quoteReplacement("_c_" + owner + "-"));
        }
        matcher.appendTail(out);
        String normalized = out.toString();
        realPaths.put(normalized, path);
        return normalized;
    }

    /** The real path of a path as the trace writes it (the same path when it carries no tag). */
    String denormalize(String normalized) {
        return realPaths.getOrDefault(normalized, normalized);
    }

    /** Children as a trace shows them: normalised, in sequence order (the server answers in hash-set order). */
    String children(List<String> names) {
        List<String> sorted = new ArrayList<>(names);
        sorted.sort((a, b) -> {
            boolean sa = NodeName.isSequential(a);
            boolean sb = NodeName.isSequential(b);
            if (sa && sb) {
                int bySequence = Long.compare(NodeName.parse(a).sequence(), NodeName.parse(b).sequence());
                // Two nodes may share a number (Curator's read node of a downgrade copies its write node's): then
                // the names as the trace writes them decide, never the random tags.
                return bySequence != 0 ? bySequence : normalize(a).compareTo(normalize(b));
            }
            return sa == sb ? a.compareTo(b) : (sa ? 1 : -1);
        });
        List<String> shown = new ArrayList<>(sorted.size());
        for (String name : sorted) {
            shown.add(normalize(name));
        }
        return String.join(" ", shown);
    }
}
