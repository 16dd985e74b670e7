package lockstep.simulator.trace;

import java.util.List;

/**
 * A trace edited by a test and sealed again, as a forger who writes the run-ended line's digest anew would: what the
 * digest no longer catches, the checks behind it (the header's scenario digest, the facts between events, a rerun)
 * must.
 */
public final class Resealed {

    private Resealed() {
    }

    /** {@code jsonLines} with its run-ended line's digest made that of the lines before it. */
    public static String trace(String jsonLines) {
        List<String> lines = jsonLines.lines().toList();
        TraceDigest digest = new TraceDigest();
        lines.subList(0, lines.size() - 1).forEach(digest::line);
        String last = lines.get(lines.size() - 1).replaceAll("\"digest\":\"sha256:[0-9a-f]+\"",
                "\"digest\":\"" + digest.value() + "\"");
        return String.join("\n", lines.subList(0, lines.size() - 1)) + "\n" + last + "\n";
    }
}
