package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A small {@code lockstep herd} (N up to 20) in lockstep mode: the counts are exact and equal the formulas. */
class HerdCommandTest {

    @TempDir
    Path dir;

    @Test
    void theCountsAreExactAndEqualTheFormulas() throws Exception {
        Path chart = dir.resolve("herd.png");
        Cli.Result result = Cli.run("herd", "--clients", "2,5,20", "--json", "--chart", chart.toString());
        assertEquals(0, result.exit(), result::toString);
        Map<String, Integer> notifications = new HashMap<>();
        for (JsonNode row : new ObjectMapper().readTree(result.out()).get("results")) {
            for (String name : new String[] {"algorithm", "clients", "notifications", "calls", "wallMs",
                "callsPerSecond"}) {
                assertTrue(row.has(name), () -> "missing " + name + " in " + row);
            }
            notifications.put(row.get("algorithm").asText() + "/" + row.get("clients").asInt(),
                    row.get("notifications").asInt());
            assertEquals(row.get("clients").asInt(), row.get("acquisitions").asInt(), row::toString);
        }
        assertEquals(Map.of("naive/2", 1, "naive/5", 10, "naive/20", 190,
                "children-watch/2", 3, "children-watch/5", 21, "children-watch/20", 381,
                "sequential/2", 1, "sequential/5", 4, "sequential/20", 19), notifications);
        assertNotNull(ImageIO.read(chart.toFile()), "a PNG chart");
    }

    @Test
    void theTableNamesEachRun() {
        Cli.Result result = Cli.run("herd", "--algorithm", "sequential", "--clients", "3");
        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().lines().anyMatch(line -> line.matches("sequential\\s+3\\s+2\\s+2\\s.*")),
                result::toString);
    }

    @Test
    void aHerdNeedsTwoClients() {
        Cli.Result result = Cli.run("herd", "--clients", "1");
        assertEquals(2, result.exit(), result::toString);
        assertEquals(1, result.errLines().size(), result::toString);
    }
}
