package lockstep.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;

/**
 * The example events in docs/trace-format.md are lines of real traces, byte for byte: the first block from
 * {@code run 09 --algorithm sequential}, the second from the runs its sentence names (15, 05, 11 and 23 with
 * sequential). An example that drifts from what Lockstep writes fails here.
 */
class TraceFormatExamplesTest {

    private static final Pattern BLOCK = Pattern.compile("```\\n(\\{\"i\".*?)```", Pattern.DOTALL);

    @Test
    void everyExampleLineIsALineOfTheTraceItComesFrom() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "trace-format.md"));
        List<String> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(doc);
        while (m.find()) {
            blocks.add(m.group(1));
        }
        assertEquals(2, blocks.size(), "two blocks of example events");
        Set<String> first = lines("09");
        Set<String> others = new HashSet<>();
        for (String scenario : List.of("15", "05", "11", "23")) {
            others.addAll(lines(scenario));
        }
        List<String> drifted = new ArrayList<>();
        for (String line : blocks.get(0).strip().split("\n")) {
            if (!first.contains(line)) {
                drifted.add(line);
            }
        }
        for (String line : blocks.get(1).strip().split("\n")) {
            if (!others.contains(line)) {
                drifted.add(line);
            }
        }
        assertTrue(drifted.isEmpty(), "examples that no run writes: " + drifted);
    }

    private static Set<String> lines(String builtIn) throws Exception {
        Scenario scenario = Simulations.load(builtIn);
        // As the file has them: the run-ended line with its digest.
        return new HashSet<>(TraceFiles.toJsonLines(Simulations.run(scenario, "sequential",
                Simulations.seedFor(scenario, null))).lines().toList());
    }
}
