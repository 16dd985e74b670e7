package lockstep.simulator.trace;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import lockstep.simulator.BadInputException;
import lockstep.simulator.files.BoundedReading;
import lockstep.simulator.files.SafeFiles;

/**
 * Traces on disk, as JSON Lines: one event per line, UTF-8, each line ending in a newline, fields in a fixed order (see
 * {@code docs/trace-format.md}).
 *
 * <p>Guarantees: equal event lists are written as byte-identical files; {@link #read} gives back exactly the list that
 * {@link #write} was given; a file is replaced atomically, so a reader (or a run interrupted while writing) never sees
 * half a trace; every file {@link #read} rejects is reported in one line,
 * {@code FILE:LINE:COLUMN: what is wrong (what was expected)}.
 */
public final class TraceFiles {

    private TraceFiles() {
    }

    /**
     * Writes {@code events} to {@code file} through {@link SafeFiles}: a temporary file in the same directory and an
     * atomic rename; a device, a pipe or a read-only file is refused ({@link lockstep.simulator.files.CannotWrite}).
     */
    public static void write(Path file, List<Event> events) throws IOException {
        SafeFiles.writeBytes(file, toJsonLines(events).getBytes(StandardCharsets.UTF_8));
    }

    /** Reads a trace written by {@link #write}; anything else is a {@link BadInputException} naming line and column. */
    public static List<Event> read(Path file) throws BadInputException {
        String source = file.toString();
        if (!Files.exists(file)) {
            throw new BadInputException(source, 1, 1, text("trace.noSuchFile"));
        }
        if (Files.isRegularFile(file) && !Files.isReadable(file)) {
            throw new BadInputException(source, 1, 1, text("trace.permissionDenied"));
        }
        byte[] bytes = BoundedReading.read(file, source, BoundedReading.Limits.TRACE);
        return parse(lines(bytes, source), bytes.length == 0 || bytes[bytes.length - 1] == '\n', source);
    }

    /** Reads a trace from its JSON Lines text; {@code source} names it in error messages. */
    public static List<Event> parse(String jsonLines, String source) throws BadInputException {
        BoundedReading.checkLines(jsonLines, source, BoundedReading.Limits.TRACE);
        List<String> lines = new ArrayList<>(List.of(jsonLines.split("\n", -1)));
        boolean endsWithNewline = jsonLines.endsWith("\n");
        if (endsWithNewline) {
            lines.remove(lines.size() - 1);
        }
        return parse(jsonLines.isEmpty() ? List.of() : lines, endsWithNewline || jsonLines.isEmpty(), source);
    }

    /** The whole trace as JSON Lines text, a newline after every event. */
    public static String toJsonLines(List<Event> events) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("a trace has at least its run-started event");
        }
        StringBuilder text = new StringBuilder(events.size() * 128);
        TraceDigest digest = new TraceDigest();
        for (int i = 0; i < events.size(); i++) {
            Event event = events.get(i);
            // Refuse to write what read() would refuse to read.
            if (event.index() != i) {
                throw new IllegalArgumentException("event at position " + i + " has index " + event.index());
            }
            if ((i == 0) != (event instanceof Event.RunStarted)) {
                throw new IllegalArgumentException("event " + i + ": a trace has one run-started event, first: " + event);
            }
            // The run-ended line seals the lines before it: a plain check finds any of them changed since.
            String line = event instanceof Event.RunEnded ? EventWriter.toJson(event, digest.value()) : toJson(event);
            digest.line(line);
            text.append(line).append('\n');
        }
        return text.toString();
    }

    /** One event as one line of JSON, without the newline. */
    public static String toJson(Event event) {
        return EventWriter.toJson(event);
    }

    /**
     * One event from one line of JSON; its {@code "i"} must be {@code expectedIndex}. {@code source} and
     * {@code lineNumber} only name the place in error messages.
     */
    public static Event fromJson(String line, String source, int lineNumber, int expectedIndex)
            throws BadInputException {
        return EventReader.read(JsonLine.parse(line, source, lineNumber, false), expectedIndex);
    }

    private static List<Event> parse(List<String> lines, boolean endsWithNewline, String source)
            throws BadInputException {
        if (lines.isEmpty()) {
            throw new BadInputException(source, 1, 1, text("trace.empty"));
        }
        List<Event> events = new ArrayList<>(lines.size());
        TraceDigest digest = new TraceDigest();
        Set<String> clients = null;
        boolean ended = false;
        for (int i = 0; i < lines.size(); i++) {
            int lineNumber = i + 1;
            String text = lines.get(i);
            // Tolerate a file whose line ends were turned into CRLF by an editor.
            if (text.endsWith("\r")) {
                text = text.substring(0, text.length() - 1);
            }
            if (text.isBlank()) {
                throw new BadInputException(source, lineNumber, 1, text("trace.blankLine"));
            }
            boolean cutShort = i == lines.size() - 1 && !endsWithNewline;
            JsonLine json = JsonLine.parse(text, source, lineNumber, cutShort);
            if (ended && "violation".equals(json.textOrNull("type"))) {
                continue; // an older trace's recorded findings: findings are computed afresh from the events
            }
            if (ended) {
                throw json.wrong("type", text("trace.afterEnd"), text("trace.afterEndExpected"));
            }
            Event event = EventReader.read(json, i);
            if (event instanceof Event.RunStarted started) {
                clients = Set.copyOf(started.clients());
            } else if (clients != null) {
                refuseUnknownClient(json, clients, ((Event.RunStarted) events.get(0)).clients());
            }
            ended = event instanceof Event.RunEnded;
            if (ended) {
                refuseEdited(json, digest.value(), (Event.RunStarted) events.get(0));
            }
            digest.line(text);
            if (i == 0 && !(event instanceof Event.RunStarted)) {
                throw json.wrong("type", text("json.is", "\"" + EventType.of(event).label + "\""),
                        text("trace.startsWith"));
            }
            if (i > 0 && event instanceof Event.RunStarted) {
                throw json.wrong("type", text("trace.secondStart"), text("trace.oneRun"));
            }
            events.add(event);
        }
        if (!ended) {
            throw new BadInputException(source, lines.size(), 1, text("trace.truncated", events.size() - 1));
        }
        return List.copyOf(events);
    }

    /**
     * The run-ended line's digest must be that of the lines before it ({@link TraceDigest}). A trace whose header
     * records its scenario's digest was written with one, so a missing digest is refused too; a trace from before both
     * reads as it always did.
     */
    private static void refuseEdited(JsonLine runEnded, String computed, Event.RunStarted start)
            throws BadInputException {
        if (!runEnded.has("digest")) {
            if (!start.scenarioDigest().isEmpty()) {
                throw runEnded.wrongLine(text("trace.noDigest"), text("trace.digestExpected"));
            }
            return;
        }
        String recorded = runEnded.text("digest");
        if (!recorded.equals(computed)) {
            throw runEnded.wrong("digest", text("trace.digestDiffers", TraceDigest.shortForm(recorded),
                    TraceDigest.shortForm(computed)), text("trace.digestExpected"));
        }
    }

    /**
     * An event's client must be one the run-started event lists: a trace edited to bring in another client is
     * refused where it names it, rather than drawn and checked as if that client had been in the run.
     */
    private static void refuseUnknownClient(JsonLine json, Set<String> clients, List<String> listed)
            throws BadInputException {
        String client = json.textOrNull("client");
        if (client != null && !client.isEmpty() && !clients.contains(client)) {
            String shown = listed.size() <= 10 ? String.join(", ", listed)
                    : String.join(", ", listed.subList(0, 10)) + ", ...";
            throw json.wrong("client", text("trace.clientNotListed", client), text("trace.clientsListed", shown));
        }
    }

    /** The file's lines without their newlines, each decoded as strict UTF-8. */
    private static List<String> lines(byte[] bytes, String source) throws BadInputException {
        List<String> lines = new ArrayList<>();
        var utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        int start = 0;
        while (start < bytes.length) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            try {
                lines.add(utf8.decode(ByteBuffer.wrap(bytes, start, end - start)).toString());
            } catch (CharacterCodingException e) {
                throw new BadInputException(source, lines.size() + 1, 1, text("trace.notUtf8"));
            }
            start = end + 1;
        }
        return lines;
    }
}
