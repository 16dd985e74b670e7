package lockstep.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.LockMode;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lockstep.simulator.BadInputException;
import lockstep.simulator.trace.Event.Op;
import lockstep.simulator.trace.Event.State;
import lockstep.algorithms.session.WatchKind;

class TraceFilesTest {

    @TempDir
    Path dir;

    private static final String FIRST =
            "{\"i\":0,\"type\":\"run-started\",\"format\":2,\"scenario\":\"s\",\"title\":\"t\",\"algorithm\":\"herd\",\"seed\":1,"
                    + "\"lockPath\":\"/l\",\"clients\":[\"c1\"],\"fencing\":true}";

    /** One event of every type, with text that needs escaping. */
    static List<Event> everyKindOfEvent() {
        return List.of(
                new Event.RunStarted(0, "herd", "The \"herd\" effect", "herd", -7L, "/lockstep/herd", List.of("c1", "c2"), false),
                new Event.ScriptLine(1, 1, 5, "c1 acquires"),
                new Event.Narration(2, "Ünïcödé and a tab\there"),
                new Event.Call(3, "c1", Op.GET_CHILDREN, "/lockstep/herd", true, Code.OK, "[lock-0000000001]"),
                new Event.WatchSet(4, "c1", "/lockstep/herd", WatchKind.CHILDREN),
                new Event.WatchFired(5, "c1", "/lockstep/herd", EventType.NodeChildrenChanged),
                new Event.NodeCreated(6, "/lockstep/herd/lock-0000000001", 1, "c1", CreateMode.EPHEMERAL_SEQUENTIAL),
                new Event.NodeDeleted(7, "/lockstep/herd/lock-0000000001", "c1", Event.Deletion.SESSION_EXPIRED, ""),
                new Event.ClientState(8, "c2", State.GAVE_UP, null, ""),
                new Event.Fault(9, "crash", Event.FaultEffect.ENDS_SESSION, "c2", 0, "killed"),
                new Event.Choice(10, List.of("c1 getChildren /lockstep/herd", "c2 <- NodeDeleted /l/x"), 1),
                new Event.Connection(11, "c1", Event.ConnectionState.RECONNECTED, 1),
                new Event.Write(12, "c1", 3, false, "refused: token 3 is older than 4 (from c2)"),
                new Event.ClientState(13, "c1", State.HOLDING, LockMode.READ, ""),
                new Event.StrayNotification(14, "c2", "/lockstep/herd/lock-0000000001", EventType.NodeDeleted),
                new Event.RunEnded(15, "completed"));
    }

    @Test
    void readGivesBackWhatWriteWasGiven() throws Exception {
        Path file = dir.resolve("t.jsonl");
        TraceFiles.write(file, everyKindOfEvent());
        assertEquals(everyKindOfEvent(), TraceFiles.read(file));
    }

    @Test
    void theHeaderRecordsTheScenariosDigestAndTheVersionAndAnOlderHeaderReadsWithout() throws Exception {
        Event.RunStarted recorded = new Event.RunStarted(0, "s", "t", "herd", 1, "/l", List.of("c1"), true, 1,
                List.of(), "sha256:ab", "0.1.0");
        String line = TraceFiles.toJson(recorded);
        assertEquals(FIRST.replace("}", ",\"scenarioDigest\":\"sha256:ab\",\"lockstepVersion\":\"0.1.0\"}"), line);
        Path file = dir.resolve("t.jsonl");
        TraceFiles.write(file, List.of(recorded, new Event.RunEnded(1, "completed")));
        assertEquals(recorded, TraceFiles.read(file).get(0));
        String end = "\n{\"i\":1,\"type\":\"run-ended\",\"outcome\":\"completed\"}\n";
        Files.writeString(file, FIRST + end);
        Event.RunStarted older = (Event.RunStarted) TraceFiles.read(file).get(0);
        assertEquals(List.of("", ""), List.of(older.scenarioDigest(), older.lockstepVersion()));
        assertEquals(FIRST, TraceFiles.toJson(older), "an older header is written back as it was");
    }

    @Test
    void theRunEndedLineSealsTheLinesBeforeIt() throws Exception {
        String written = TraceFiles.toJsonLines(everyKindOfEvent());
        List<String> lines = written.lines().toList();
        String last = lines.get(lines.size() - 1);
        assertTrue(last.matches("\\{\"i\":15,\"type\":\"run-ended\",\"outcome\":\"completed\",\"digest\":\"sha256:[0-9a-f]{64}\"}"),
                last);
        // Two events swapped and numbered again: every line reads, the digest does not match.
        List<String> swapped = new java.util.ArrayList<>(lines);
        swapped.set(3, lines.get(4).replaceFirst("\"i\":4", "\"i\":3"));
        swapped.set(4, lines.get(3).replaceFirst("\"i\":3", "\"i\":4"));
        BadInputException edited = assertThrows(BadInputException.class,
                () -> TraceFiles.parse(String.join("\n", swapped) + "\n", "t.jsonl"));
        assertTrue(edited.getMessage().startsWith("t.jsonl:16:"), edited.getMessage());
        assertTrue(edited.getMessage().contains("\"digest\" is sha256:"), edited.getMessage());
        // A header without the scenario's digest is an older trace's: read without a digest, as it always was.
        String older = written.replace(last, last.replaceAll(",\"digest\":\"[^\"]+\"", ""));
        assertEquals(everyKindOfEvent(), TraceFiles.parse(older, "t.jsonl"));
    }

    @Test
    void equalTracesAreByteIdenticalFiles() throws Exception {
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        TraceFiles.write(a, everyKindOfEvent());
        TraceFiles.write(b, List.copyOf(everyKindOfEvent()));
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    }

    @Test
    void fieldsAreWrittenInTheDocumentedOrder() {
        assertEquals("{\"i\":12,\"type\":\"call\",\"client\":\"c1\",\"op\":\"getChildren\","
                        + "\"path\":\"/lockstep/herd/lock-0000000001\",\"watch\":false,\"result\":\"ok\",\"detail\":\"x\"}",
                TraceFiles.toJson(new Event.Call(12, "c1", Op.GET_CHILDREN, "/lockstep/herd/lock-0000000001", false,
                        Code.OK, "x")));
        assertEquals("{\"i\":3,\"type\":\"client-state\",\"client\":\"c2\",\"state\":\"gave-up\",\"mode\":\"\","
                + "\"watching\":\"\"}", TraceFiles.toJson(new Event.ClientState(3, "c2", State.GAVE_UP, null, "")));
        assertEquals("{\"i\":4,\"type\":\"watch-set\",\"client\":\"c1\",\"path\":\"/l\",\"kind\":\"exists\"}",
                TraceFiles.toJson(new Event.WatchSet(4, "c1", "/l", WatchKind.EXISTS)));
    }

    @Test
    void everyLineEndsInANewline() throws Exception {
        Path file = dir.resolve("t.jsonl");
        TraceFiles.write(file, everyKindOfEvent());
        String text = Files.readString(file);
        assertEquals(everyKindOfEvent().size(), text.split("\n", -1).length - 1);
        assertEquals('\n', text.charAt(text.length() - 1));
    }

    @Test
    void writeReplacesAnOldFileAndLeavesNoTemporaryFile() throws Exception {
        Path file = dir.resolve("t.jsonl");
        Files.writeString(file, "old contents that are longer than nothing at all\n".repeat(100));
        TraceFiles.write(file, everyKindOfEvent());
        assertEquals(everyKindOfEvent(), TraceFiles.read(file));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList());
        }
    }

    @Test
    void writeRefusesAListThatReadWouldRefuse() {
        Path file = dir.resolve("t.jsonl");
        assertThrows(IllegalArgumentException.class, () -> TraceFiles.write(file, List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> TraceFiles.write(file, List.of(new Event.Narration(0, "no run-started first"))));
        assertThrows(IllegalArgumentException.class, () -> TraceFiles.write(file,
                List.of(everyKindOfEvent().get(0), new Event.Narration(5, "wrong index"))));
        assertThrows(IllegalArgumentException.class, () -> TraceFiles.write(file,
                List.of(everyKindOfEvent().get(0), new Event.Narration(1, null))));
    }

    @Test
    void writeIntoAMissingDirectoryFailsWithoutLeavingAnything() {
        assertThrows(IOException.class, () -> TraceFiles.write(dir.resolve("no/such/t.jsonl"), everyKindOfEvent()));
    }

    @Test
    void aMissingFileIsBadInput() {
        Path file = dir.resolve("missing.jsonl");
        assertEquals(file + ":1:1: no such file (a trace file, as written by lockstep run --trace)",
                readError(file));
    }

    @Test
    void anEmptyFileIsBadInput() throws Exception {
        assertEquals("t.jsonl:1:1: the file is empty (a trace: a run-started event on line 1)", parseError(""));
    }

    @Test
    void malformedJsonNamesLineAndColumn() {
        String message = parseError(FIRST + "\n{\"i\":1,\"type\":\"narration\" \"text\":\"x\"}\n");
        assertEquals("t.jsonl:2:27: malformed JSON: Unexpected character ('\"' (code 34)): was expecting comma to "
                + "separate Object entries (one JSON object per line)", message);
    }

    @Test
    void anUnknownEventTypeIsBadInput() {
        String message = parseError(FIRST + "\n{\"i\":1,\"type\":\"teleport\"}\n");
        assertEquals("t.jsonl:2:15: \"type\" names an unknown event type \"teleport\" (one of run-started, script-line, "
                + "narration, call, watch-set, watch-fired, stray-notification, node-created, node-deleted, client-state, "
                + "fault, choice, connection, server-role, client-server, write, run-ended)", message);
    }

    @Test
    void aMissingFieldIsBadInput() {
        String line = "{\"i\":1,\"type\":\"narration\"}";
        assertEquals("t.jsonl:2:" + (line.length() + 1) + ": missing field \"text\" (a string)",
                parseError(FIRST + "\n" + line + "\n"));
    }

    @Test
    void aWrongIndexIsBadInput() {
        assertEquals("t.jsonl:2:6: \"i\" is 7 (1: events are numbered from 0, one per line)",
                parseError(FIRST + "\n{\"i\":7,\"type\":\"narration\",\"text\":\"x\"}\n"));
    }

    @Test
    void aTruncatedLastLineIsBadInput() {
        String cut = "{\"i\":1,\"type\":\"narration\",\"te";
        assertEquals("t.jsonl:2:" + (cut.length() + 1)
                        + ": the file ends in the middle of this event (a complete JSON object, then a newline)",
                parseError(FIRST + "\n" + cut));
    }

    @Test
    void aCompleteLastLineWithoutNewlineIsAccepted() throws Exception {
        assertEquals(2, TraceFiles.parse(FIRST + "\n{\"i\":1,\"type\":\"run-ended\",\"outcome\":\"completed\"}",
                "t.jsonl").size());
    }

    @Test
    void theFirstEventMustStartTheRun() {
        assertEquals("t.jsonl:1:15: \"type\" is \"narration\" (run-started: a trace starts with its run's configuration)",
                parseError("{\"i\":0,\"type\":\"narration\",\"text\":\"x\"}\n"));
        assertEquals("t.jsonl:2:15: \"type\" is a second \"run-started\" (one run per trace, started on line 1)",
                parseError(FIRST + "\n" + FIRST.replace("\"i\":0", "\"i\":1") + "\n"));
    }

    @Test
    void aTraceOfAnotherFormatIsRefusedInOneLineNamingIt() {
        String older = FIRST.replace("\"format\":2,", "");
        assertEquals("t.jsonl:1:1: a trace of format 1, which this version of Lockstep does not read"
                + " (format 2: run the scenario again to record it)", parseError(older + "\n"));
        assertEquals("t.jsonl:1:1: a trace of format 3, which this version of Lockstep does not read"
                + " (format 2: run the scenario again to record it)",
                parseError(FIRST.replace("\"format\":2", "\"format\":3") + "\n"));
    }

    @Test
    void aFieldOfTheWrongJsonTypeIsBadInput() {
        assertEquals("t.jsonl:2:34: \"text\" is 5 (a string)",
                parseError(FIRST + "\n{\"i\":1,\"type\":\"narration\",\"text\":5}\n"));
        assertEquals("t.jsonl:2:6: \"i\" is the string \"1\" (a whole number)",
                parseError(FIRST + "\n{\"i\":\"1\",\"type\":\"narration\",\"text\":\"x\"}\n"));
    }

    @Test
    void anUnknownFieldIsBadInput() {
        assertEquals("t.jsonl:2:47: \"colour\" is not a field of a narration event (only text)",
                parseError(FIRST + "\n{\"i\":1,\"type\":\"narration\",\"text\":\"x\",\"colour\":1}\n"));
    }

    @Test
    void anUnknownStateOpOrKindIsBadInput() {
        assertEquals("t.jsonl:2:52: \"state\" names an unknown client state \"asleep\" (one of idle, requesting, "
                        + "waiting, holding, released, gave-up, crashed, expired, still-holding)",
                parseError(FIRST + "\n{\"i\":1,\"type\":\"client-state\",\"client\":\"c1\",\"state\":\"asleep\","
                        + "\"mode\":\"\",\"watching\":\"\"}\n"));
        assertEquals("t.jsonl:2:41: \"op\" names an unknown operation \"sync\" (one of create, delete, exists, "
                        + "getData, getChildren, setData, removeWatches)",
                parseError(FIRST + "\n{\"i\":1,\"type\":\"call\",\"client\":\"c1\",\"op\":\"sync\",\"path\":\"/l\","
                        + "\"watch\":false,\"result\":\"ok\",\"detail\":\"\"}\n"));
    }

    @Test
    void blankLinesAndTrailingTextAreBadInput() {
        assertEquals("t.jsonl:2:1: blank line (one event on every line)", parseError(FIRST + "\n\n"));
        assertEquals("t.jsonl:1:" + (FIRST.length() + 2) + ": text after the event object (one event per line)",
                parseError(FIRST + " {}\n"));
    }

    @Test
    void aFileThatIsNotUtf8IsBadInput() throws Exception {
        Path file = dir.resolve("t.jsonl");
        byte[] first = (FIRST + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[first.length + 2];
        System.arraycopy(first, 0, bytes, 0, first.length);
        bytes[first.length] = (byte) 0xC3;
        bytes[first.length + 1] = (byte) '\n';
        Files.write(file, bytes);
        assertEquals(file + ":2:1: not UTF-8 text (a UTF-8 JSON Lines file)", readError(file));
    }

    @Test
    void errorsAreOneLine() throws Exception {
        Path file = dir.resolve("t.jsonl");
        Files.writeString(file, FIRST + "\n{\"i\":1,\n");
        String message = readError(file);
        assertEquals(-1, message.indexOf('\n'), message);
    }

    private static String parseError(String text) {
        return assertThrows(BadInputException.class, () -> TraceFiles.parse(text, "t.jsonl")).getMessage();
    }

    private static String readError(Path file) {
        return assertThrows(BadInputException.class, () -> TraceFiles.read(file)).getMessage();
    }
}
