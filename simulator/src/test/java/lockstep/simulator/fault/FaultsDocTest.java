package lockstep.simulator.fault;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * docs/scenario-format.md has an entry for every fault of the registry, and the scenario schema accepts its script
 * word: adding a fault is its class and its docs entry.
 */
class FaultsDocTest {

    @Test
    void everyFaultHasItsEntryInTheScenarioFormat() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "scenario-format.md"));
        String schema = Files.readString(Path.of("..", "scenarios", "scenario.schema.json"));
        for (Fault fault : Faults.all()) {
            String entry = "| `" + fault.scriptForm() + "` |";
            assertTrue(doc.contains(entry), "docs/scenario-format.md has no row " + entry);
            assertTrue(schema.contains(fault.word()), "scenario.schema.json does not accept " + fault.word());
        }
    }
}
