package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import lockstep.simulator.export.Export;
import lockstep.simulator.export.Exports;
import lockstep.simulator.export.MetricsCsv;
import lockstep.simulator.export.ShivizLog;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * {@code lockstep export} on real runs: the herd (notifications), the fenced zombie (writes to the resource), a
 * give-up, every kind of fault (crash, expiry, disconnect, pause, lost reply, server stop), the reference locks, a
 * buggy lock and an ensemble. The ShiViz log is read as ShiViz reads it with its default parser
 * ({@link ShivizDefaultParser}: the regular expression of ShiViz's {@code js/shiviz.js} with the flags of its
 * {@code js/util/regexp.js}, and the checks of its {@code js/model/parser.js}, {@code vectorTimestamp.js} and
 * {@code modelGraph.js}), and its vector clocks are checked further. The SVG is parsed as XML: a viewBox, and a hover
 * text for every drawn event.
 */
class ExportCommandTest {

    @TempDir
    static Path dir;

    static Path herd;
    static Path sequential;
    static Path fenced;
    static Path gaveUp;
    static Path ensemble;
    static final List<Path> faults = new ArrayList<>();

    @BeforeAll
    static void record() {
        Cli.Result run = Cli.run("run", "02", "--algorithm", "naive,sequential", "--trace",
                dir.resolve("herd.jsonl").toString());
        assertEquals(0, run.exit(), run::toString);
        herd = dir.resolve("herd-naive.jsonl");
        sequential = dir.resolve("herd-sequential.jsonl");
        fenced = dir.resolve("fenced.jsonl");
        Cli.Result zombie = Cli.run("run", "11", "--algorithm", "sequential", "--trace", fenced.toString());
        assertTrue(zombie.exit() <= 1, zombie::toString);
        // a waiter gives up: its taken-back watch still fires, as a stray notification
        gaveUp = dir.resolve("gave-up.jsonl");
        Cli.Result giveUp = Cli.run("run", "05", "--algorithm", "sequential", "--trace", gaveUp.toString());
        assertEquals(0, giveUp.exit(), giveUp::toString);
        // faults of every kind, several clients, the reference locks and a buggy one
        for (String[] pair : new String[][] {{"04", "curator-mutex"}, {"07", "sequential"}, {"09", "sequential"},
                {"10", "sequential"}, {"12", "sequential"}, {"13", "curator-mutex"}, {"06", "curator-rwlock"},
                {"14", "bug-assume-on-wake"}}) {
            Path trace = dir.resolve(pair[0] + "-" + pair[1] + ".jsonl");
            Cli.Result result = Cli.run("run", pair[0], "--algorithm", pair[1], "--trace", trace.toString());
            assertTrue(result.exit() <= 1, result::toString);
            faults.add(trace);
        }
        // an ensemble: servers' roles and the server each client talks to
        ensemble = dir.resolve("ensemble.jsonl");
        Cli.Result leaderDies = Cli.run("run", "23", "--algorithm", "sequential", "--trace", ensemble.toString());
        assertTrue(leaderDies.exit() <= 1, leaderDies::toString);
    }

    @Test
    void svgIsWellFormedWithEveryDrawnEventOnHover() throws Exception {
        for (Path trace : traces()) {
            svgOf(trace);
        }
    }

    /** Every recorded trace: the herd, the zombie, the give-up, each fault run, the ensemble. */
    private static List<Path> traces() {
        List<Path> all = new ArrayList<>(List.of(herd, fenced, gaveUp, ensemble));
        all.addAll(faults);
        return all;
    }

    private static void svgOf(Path trace) throws Exception {
        Path svg = dir.resolve(trace.getFileName() + ".svg");
        Cli.Result result = Cli.run("export", trace.toString(), "--svg", svg.toString());
        assertEquals(0, result.exit(), result::toString);
        assertEquals("wrote " + svg + "\n", result.out());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(Files.readAllBytes(svg)));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertEquals("http://www.w3.org/2000/svg", doc.getDocumentElement().getAttribute("xmlns"));
        String[] viewBox = doc.getDocumentElement().getAttribute("viewBox").trim().split("[\\s,]+");
        assertEquals(4, viewBox.length, () -> svg + ": a viewBox of four numbers");
        assertTrue(Double.parseDouble(viewBox[2]) > 0 && Double.parseDouble(viewBox[3]) > 0, svg::toString);
        List<String> titles = new ArrayList<>();
        NodeList nodes = doc.getElementsByTagName("title");
        for (int i = 0; i < nodes.getLength(); i++) {
            titles.add(nodes.item(i).getTextContent());
        }
        for (Event event : TraceFiles.read(trace)) {
            if (event instanceof Event.Choice || event instanceof Event.RunStarted || event instanceof Event.RunEnded) {
                continue;
            }
            String title = event.index() + ": " + TraceFiles.toJson(event);
            assertTrue(titles.contains(title), () -> "no hover text for " + title);
        }
        List<String> lifelines = new ArrayList<>(((Event.RunStarted) TraceFiles.read(trace).get(0)).clients());
        lifelines.add("zookeeper");
        for (String lifeline : lifelines) {
            assertTrue(titles.contains(lifeline), () -> trace + ": no lifeline " + lifeline);
        }
    }

    @Test
    void shivizLogParsesWithTheDefaultRegexAndItsClocksAreConsistent() throws IOException {
        for (Path trace : traces()) {
            Path log = dir.resolve(trace.getFileName() + ".log");
            Cli.Result result = Cli.run("export", trace.toString(), "--shiviz", log.toString());
            assertEquals(0, result.exit(), result::toString);
            List<Entry> entries = parse(Files.readString(log));
            checkClocks(entries);
            checkCallsAreAnswered(entries);
            checkNotificationsFollowTheirWrite(entries);
            if (trace == fenced) {
                assertTrue(entries.stream().anyMatch(e -> e.host.equals(ShivizLog.RESOURCE)
                        && e.clock.keySet().size() > 1), "the resource receives the writes");
            }
        }
    }

    @Test
    void theShivizParserRejectsWhatShivizRejects() throws IOException {
        assertEquals(2, ShivizDefaultParser.parse("a sends\na {\"a\": 1}\nb gets\nb {\"a\": 1, \"b\": 1}\n").size());
        for (String bad : List.of(
                "",
                "no clock here\n",
                "e\na {\"b\": 1}\n",                                   // the host's own entry is missing
                "e\na {\"a\": 2}\n",                                   // a host starts at 1
                "e\na {\"a\": 1}\nf\na {\"a\": 3}\n",                 // and counts by 1
                "e\na {\"a\": 1, \"z\": 1}\n",                         // z has no event
                "e\na {\"a\": 1}\nf\nb {\"b\": 1, \"a\": 2}\n",       // a has no second event
                "e\na {'a': 1}\n",                                     // JSON.parse refuses single quotes
                "e\na {\"a\": 1,}\n",                                  // and trailing commas
                "e\na\u00A0{\"a\": 1}\n")) {                            // a no-break space is no space to ShiViz
            assertThrows(ShivizDefaultParser.Rejected.class, () -> ShivizDefaultParser.parse(bad), bad);
        }
    }

    @Test
    void csvHasTheCheckersFiguresOneRowPerRun() throws IOException {
        Path csv = dir.resolve("m.csv");
        Cli.Result result = Cli.run("export", herd.toString(), sequential.toString(), "--csv", csv.toString());
        assertEquals(0, result.exit(), result::toString);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(3, lines.size(), () -> String.join("\n", lines));
        List<String> header = List.of(lines.get(0).split(","));
        assertEquals(MetricsCsv.header(), header);
        int row = 1;
        for (Path trace : List.of(herd, sequential)) {
            Cli.Result check = Cli.run("check", trace.toString(), "--json");
            JsonNode expected = new ObjectMapper().readTree(check.out()).get("results").get(0);
            String[] cells = lines.get(row++).split(",", -1);
            Map<String, String> byName = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                byName.put(header.get(i), cells[i]);
            }
            assertEquals(trace.toString(), byName.get("trace"));
            assertEquals("02-herd-effect", byName.get("scenario"));
            for (String field : List.of("algorithm", "acquisitions", "notifications", "futileWakeups",
                    "fifoViolations", "longestWaitSteps", "events")) {
                assertEquals(expected.get(field).asText(), byName.get(field), field);
            }
            expected.get("ops").fields().forEachRemaining(op ->
                    assertEquals(op.getValue().asText(), byName.get(op.getKey()), op.getKey()));
            assertEquals(String.valueOf(expected.get("violations").size()), byName.get("violations"));
            List<String> grants = new ArrayList<>();
            expected.get("grantOrder").forEach(g -> grants.add(g.asText()));
            assertEquals(String.join(" ", grants), byName.get("grantOrder"));
        }
        assertEquals("45", lines.get(1).split(",")[header.indexOf("notifications")]);
        assertEquals("9", lines.get(2).split(",")[header.indexOf("notifications")]);
    }

    @Test
    void badInputIsOneLineAndWritesNothing() throws IOException {
        Path out = dir.resolve("bad");
        Files.createDirectories(out);
        List<List<String>> cases = List.of(
                List.of("export", herd.toString()),
                List.of("export", herd.toString(), sequential.toString(), "--svg", out.resolve("x.svg").toString()),
                List.of("export", out.resolve("missing.jsonl").toString(), "--csv", out.resolve("x.csv").toString()),
                List.of("export", herd.toString(), "--shiviz", out.resolve("no/such/x.log").toString()),
                List.of("export", herd.toString(), "--csv", out.toString()));
        for (List<String> args : cases) {
            Cli.Result result = Cli.run(args.toArray(String[]::new));
            assertEquals(2, result.exit(), result::toString);
            assertEquals("", result.out(), result::toString);
            assertEquals(1, result.errLines().size(), result::toString);
            assertFalse(result.err().contains("Exception"), result::toString);
        }
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of(), files.toList());
        }
        assertEquals(List.of("lockstep export: nothing to write (one or more of --svg FILE, --shiviz FILE, --csv FILE, --frames FILE, --html FILE)"),
                Cli.run("export", herd.toString()).errLines());
    }

    @Test
    void anUnknownOptionListsTheRegistrysFormatsFirst() {
        String formats = String.join(", ", Exports.all().stream().map(Export::option).toList());
        assertEquals(List.of("lockstep export: unknown option '--nope' (expected one of " + formats
                        + ", --force, --help, --version, --debug, --lang)"),
                Cli.run("export", herd.toString(), "--nope", "x").errLines());
    }

    /** One ShiViz event: its text, its host, its vector clock. */
    record Entry(String text, String host, Map<String, Integer> clock) {
        int own() {
            return clock.get(host);
        }
    }

    /**
     * Parses the log as ShiViz does with its default parser, every check of its parser and model included
     * ({@link ShivizDefaultParser}, which cites the ShiViz files it follows).
     */
    static List<Entry> parse(String log) throws IOException {
        assertEquals(ShivizDefaultParser.SHIVIZ_DEFAULT, ShivizLog.DEFAULT_REGEX);
        return ShivizDefaultParser.parse(log).stream().map(e -> new Entry(e.text(), e.host(), e.clock())).toList();
    }

    /**
     * Each host counts its own events 1, 2, 3, ...; every entry for another host names an event of that host that
     * happened before, whose clock is at most this one's, entry by entry.
     */
    static void checkClocks(List<Entry> entries) {
        Map<String, List<Entry>> byHost = new HashMap<>();
        for (Entry e : entries) {
            List<Entry> own = byHost.computeIfAbsent(e.host, h -> new ArrayList<>());
            assertEquals(own.size() + 1, e.own(), () -> "the host's count of " + e);
            for (Map.Entry<String, Integer> other : e.clock.entrySet()) {
                if (other.getKey().equals(e.host)) {
                    continue;
                }
                List<Entry> theirs = byHost.get(other.getKey());
                assertTrue(theirs != null && theirs.size() >= other.getValue(), () -> e + " knows of a future event");
                assertTrue(atMost(theirs.get(other.getValue() - 1).clock, e.clock), () -> e + " misses causes");
            }
            own.add(e);
        }
    }

    /** Call -> reply: a client's answer comes after the server handled its call, which came after it was sent. */
    static void checkCallsAreAnswered(List<Entry> entries) {
        int answers = 0;
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (!e.text.startsWith(e.host + " sends ")) {
                continue;
            }
            Entry handled = entries.get(i + 1);
            Entry answer = entries.get(i + 2);
            assertEquals(ShivizLog.SERVER, handled.host);
            assertTrue(handled.text.startsWith("handles "), handled::toString);
            assertTrue(answer.text.startsWith(e.host + " gets "), answer::toString);
            assertTrue(handled.clock.get(e.host) >= e.own(), "the server saw the call");
            assertTrue(answer.clock.get(ShivizLog.SERVER) >= handled.own(), "the client saw the answer");
            assertTrue(atMost(e.clock, answer.clock) && !e.clock.equals(answer.clock));
            answers++;
        }
        assertTrue(answers >= 5, "calls answered: " + answers);
    }

    /** Write -> notification: a NodeDeleted for P comes after the server's "deleted P". */
    static void checkNotificationsFollowTheirWrite(List<Entry> entries) {
        Pattern notification = Pattern.compile("\\S+ <- NodeDeleted (\\S+)");
        int seen = 0;
        for (int i = 0; i < entries.size(); i++) {
            Matcher m = notification.matcher(entries.get(i).text);
            if (!m.matches()) {
                continue;
            }
            Entry write = null;
            for (int j = i - 1; j >= 0 && write == null; j--) {
                if (entries.get(j).text.startsWith("deleted " + m.group(1) + " ")) {
                    write = entries.get(j);
                }
            }
            assertTrue(write != null, "no delete before " + entries.get(i));
            assertTrue(entries.get(i).clock.getOrDefault(ShivizLog.SERVER, 0) >= write.own(),
                    entries.get(i) + " after " + write);
            seen++;
        }
        assertTrue(seen > 0, "no notification checked");
    }

    private static boolean atMost(Map<String, Integer> a, Map<String, Integer> b) {
        return a.entrySet().stream().allMatch(e -> b.getOrDefault(e.getKey(), 0) >= e.getValue());
    }

}
