package lockstep.simulator.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What ShiViz does with a log pasted into its page under its default parser, in Java, from ShiViz's own source
 * (repository {@code DistributedClocks/shiviz}):
 * <ol>
 *   <li>{@code js/shiviz.js}: the default parser, {@code (?<event>.*)\n(?<host>\S*) (?<clock>{.*})}
 *       ({@code defaultParser}), and {@code visualize}, which trims it and builds {@code new NamedRegExp(regexpString,
 *       "m")}.</li>
 *   <li>{@code js/util/regexp.js}: {@code NamedRegExp} compiles a JavaScript {@code RegExp} with flags {@code "g" +
 *       "m"}: global, multiline, no dotall. So {@code .} stops at the JavaScript line terminators (\n, \r, U+2028,
 *       U+2029), {@code \S} is JavaScript's (Unicode spaces are spaces), and {@code {} not followed by a count is a
 *       literal brace. {@link #JAVA_REGEX} is that expression in Java's syntax, character class for character
 *       class.</li>
 *   <li>{@code js/model/parser.js}: {@code LogParser} trims the whole text; {@code ExecutionParser} runs
 *       {@code exec} again and again (text between matches is skipped silently), parses each clock with
 *       {@code JSON.parse}, builds a {@code VectorTimestamp}, and fails when no event was captured.</li>
 *   <li>{@code js/model/vectorTimestamp.js}: the clock must hold an entry for the event's own host; entries equal to
 *       0 are dropped.</li>
 *   <li>{@code js/model/modelGraph.js}: per host, the events sorted by their own entry must count 1, 2, 3, ...
 *       ("Logical clock values for each host must start at 1", "must increase monotonically by 1"); walking a host's
 *       events, an entry for another host that grew must name a host that has events ("unrecognized host") and a
 *       value between 1 and that host's number of events ("invalid clock value").</li>
 * </ol>
 * Every rule that makes ShiViz reject a log throws {@link Rejected} with ShiViz's own words. The parse is also
 * stricter than ShiViz where a silent skip would hide a fault of ours: every character of the log must belong to a
 * match, and clock values must be positive integers.
 */
final class ShivizDefaultParser {

    /** The default parser exactly as {@code js/shiviz.js} fills in its field (JavaScript syntax). */
    static final String SHIVIZ_DEFAULT = "(?<event>.*)\\n(?<host>\\S*) (?<clock>{.*})";

    /** JavaScript's {@code .} without the s flag: anything but its four line terminators. */
    private static final String JS_DOT = "[^\\n\\r\\u2028\\u2029]";
    /** JavaScript's {@code \S}: anything but its white space and line terminators. */
    private static final String JS_NON_SPACE =
            "[^\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]";
    /** {@link #SHIVIZ_DEFAULT} with JavaScript's meaning, in Java's syntax. */
    static final String JAVA_REGEX = "(?<event>" + JS_DOT + "*)\\n(?<host>" + JS_NON_SPACE + "*) (?<clock>\\{"
            + JS_DOT + "*\\})";

    private static final Pattern PATTERN = Pattern.compile(JAVA_REGEX);

    /** A log ShiViz would refuse, with its reason in ShiViz's words. */
    static final class Rejected extends AssertionError {
        Rejected(String message) {
            super(message);
        }
    }

    /** One ShiViz event: its text, its host, its vector clock (zero entries dropped), its line in the log. */
    record Entry(String text, String host, Map<String, Integer> clock, int line) {
        int own() {
            return clock.get(host);
        }
    }

    private ShivizDefaultParser() {
    }

    /** The events ShiViz reads from {@code log}, after every check its parser and model make. */
    static List<Entry> parse(String log) throws IOException {
        String raw = jsTrim(log);
        Matcher m = PATTERN.matcher(raw);
        List<Entry> entries = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        int end = 0;
        while (m.find()) {
            int line = (int) raw.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
            if (m.start() != end) {
                throw new Rejected("text skipped before line " + line + ": " + raw.substring(end, m.start()));
            }
            end = m.end() + 1;
            JsonNode clockJson;
            try {
                clockJson = json.readTree(m.group("clock"));
            } catch (IOException e) {
                throw new Rejected("An error occured while trying to parse the vector timestamp on line " + (line + 1)
                        + ": " + m.group("clock") + " (" + e.getMessage().lines().findFirst().orElse("") + ")");
            }
            String host = m.group("host");
            if (clockJson == null || !clockJson.isObject() || !clockJson.has(host)) {
                throw new Rejected("Local host \"" + host + "\" is missing from timestamp: " + m.group("clock"));
            }
            Map<String, Integer> clock = new LinkedHashMap<>();
            var fields = clockJson.fields();
            while (fields.hasNext()) {
                var field = fields.next();
                if (!field.getValue().canConvertToInt() || !field.getValue().isIntegralNumber()
                        || field.getValue().asInt() < 0) {
                    throw new Rejected("line " + (line + 1) + ": the clock value for \"" + field.getKey()
                            + "\" is not a count: " + field.getValue());
                }
                if (field.getValue().asInt() != 0) {
                    clock.put(field.getKey(), field.getValue().asInt());
                }
            }
            entries.add(new Entry(m.group("event"), host, clock, line));
        }
        if (entries.isEmpty()) {
            throw new Rejected("The parser RegExp you entered does not capture any events for the execution ");
        }
        if (end < raw.length()) {
            throw new Rejected("text skipped at the end: " + raw.substring(end));
        }
        model(entries);
        return entries;
    }

    /** ModelGraph's checks: each host counts 1, 2, 3, ...; every other host's entry names one of its events. */
    private static void model(List<Entry> entries) {
        Map<String, List<Entry>> byHost = new LinkedHashMap<>();
        for (Entry e : entries) {
            byHost.computeIfAbsent(e.host(), h -> new ArrayList<>()).add(e);
        }
        for (Map.Entry<String, List<Entry>> host : byHost.entrySet()) {
            List<Entry> events = new ArrayList<>(host.getValue());
            events.sort(Comparator.comparingInt(e -> e.clock().getOrDefault(e.host(), 0)));
            for (int i = 0; i < events.size(); i++) {
                int time = events.get(i).clock().getOrDefault(host.getKey(), 0);
                if (time != i + 1) {
                    throw new Rejected(i == 0
                            ? "Logical clock values for each host must start at 1. The clock value for the first"
                                    + " event for host \"" + host.getKey() + "\" is " + time + "."
                            : "Clock values for a host must increase monotonically by 1. The clock for host \""
                                    + host.getKey() + "\" goes from " + (i) + " to " + time + " (line "
                                    + events.get(i).line() + ")");
                }
            }
            Map<String, Integer> latest = new HashMap<>();
            for (Entry e : events) {
                for (Map.Entry<String, Integer> other : e.clock().entrySet()) {
                    Integer seen = latest.get(other.getKey());
                    if (seen != null && seen >= other.getValue()) {
                        continue;
                    }
                    latest.put(other.getKey(), other.getValue());
                    List<Entry> theirs = byHost.get(other.getKey());
                    if (theirs == null) {
                        throw new Rejected("The following event's vector clock contains an entry for an"
                                + " unrecognized host \"" + other.getKey() + "\" (line " + e.line() + ")");
                    }
                    if (other.getValue() < 1 || other.getValue() > theirs.size()) {
                        throw new Rejected("The following event's vector clock contains an invalid clock value "
                                + other.getValue() + " for host \"" + other.getKey() + "\" (line " + e.line() + ")");
                    }
                }
            }
        }
    }

    /** JavaScript's String.prototype.trim: its white space and line terminators off both ends. */
    private static String jsTrim(String text) {
        return text.replaceAll("^" + JS_SPACE + "+|" + JS_SPACE + "+$", "");
    }

    private static final String JS_SPACE =
            "[\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]";
}
