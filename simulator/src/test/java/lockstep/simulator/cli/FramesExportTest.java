package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import lockstep.simulator.frame.Frames;
import lockstep.simulator.frame.LaneFrame;
import lockstep.simulator.trace.TraceFiles;

/**
 * {@code lockstep export A B --frames F}: one JSON object per beat per lane, the lanes at common beats, each line the
 * frame the window and {@code render} draw at that beat (the same cards, rows, holders and caption).
 */
class FramesExportTest {

    @TempDir
    Path dir;

    @Test
    void theHerdsTwoLanesAreWrittenBeatByBeatAsThePicturesDrawThem() throws Exception {
        Cli.Result run = Cli.run("run", "02", "--algorithm", "naive,sequential", "--trace",
                dir.resolve("herd.jsonl").toString());
        assertEquals(0, run.exit(), run::toString);
        Path naive = dir.resolve("herd-naive.jsonl");
        Path sequential = dir.resolve("herd-sequential.jsonl");
        Path out = dir.resolve("frames.jsonl");
        Cli.Result export = Cli.run("export", naive.toString(), sequential.toString(), "--frames", out.toString());
        assertEquals(0, export.exit(), export::toString);

        Frames frames = Frames.ofTraces(List.of(TraceFiles.read(naive), TraceFiles.read(sequential)));
        List<String> lines = Files.readAllLines(out);
        assertEquals(frames.size() * 2, lines.size(), "one line per beat per lane");
        ObjectMapper json = new ObjectMapper();
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = json.readTree(lines.get(i));
            int beat = i / 2;
            int lane = i % 2;
            LaneFrame frame = frames.at(beat, lane);
            assertEquals(beat, line.get("beat").asInt());
            assertEquals(lane, line.get("lane").asInt());
            assertEquals(lane == 0 ? "naive" : "sequential", line.get("algorithm").asText());
            assertEquals(frame.index(), line.get("event").asInt());
            assertEquals(frame.caption(), line.get("caption").asText());
            assertEquals(frame.cards().size(), line.get("cards").size());
            assertEquals(frame.rows().size(), line.get("rows").size());
            assertEquals(frame.holders().live().size(), line.get("holders").get("live").size());
        }
        JsonNode last = json.readTree(lines.get(lines.size() - 1));
        assertEquals(45, json.readTree(lines.get(lines.size() - 2)).get("counters").get("notifications").asInt(),
                "the naive herd's notifications");
        assertEquals(9, last.get("counters").get("notifications").asInt(), "the sequential lock's");
        assertTrue(lines.stream().anyMatch(l -> l.contains("\"ending\":\"release\"")), "a release's ghost");
    }
}
