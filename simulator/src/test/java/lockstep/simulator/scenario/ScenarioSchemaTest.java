package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import lockstep.simulator.BadInputException;

/** The editor schema and the loader must agree: same keys, same reserved names, same shape of script lines. */
class ScenarioSchemaTest {

    private static final Path SCHEMA = Path.of("..", "scenarios", "scenario.schema.json");

    private static JsonNode schema() throws IOException {
        return new ObjectMapper().readTree(SCHEMA.toFile());
    }

    private static Pattern pattern(JsonNode schema, String definition) {
        return Pattern.compile(schema.at("/definitions/" + definition + "/pattern").asText());
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> texts = new TreeSet<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    @Test
    void theSchemaKnowsTheLoadersKeysAndRequiresTheSameOnes() throws IOException {
        JsonNode schema = schema();
        Set<String> properties = new TreeSet<>();
        schema.get("properties").fieldNames().forEachRemaining(properties::add);

        assertEquals(new TreeSet<>(ScenarioReader.KEYS), properties);
        assertEquals(Set.of("title", "clients", "script"), texts(schema.get("required")));
        assertEquals(new TreeSet<>(ClientRoster.RESERVED), texts(schema.at("/definitions/clientName/not/enum")));
    }

    @Test
    void everyBuiltInScriptLineMatchesTheSchemaPatterns() throws IOException, BadInputException {
        JsonNode schema = schema();
        Pattern action = pattern(schema, "actionLine");
        Pattern server = pattern(schema, "serverLine");
        List<Step> steps = new ArrayList<>();
        for (BuiltInScenarios.BuiltIn builtIn : BuiltInScenarios.list()) {
            flatten(BuiltInScenarios.load(builtIn.id()).script(), steps);
        }

        for (Step step : steps) {
            if (step instanceof Action) {
                assertTrue(action.matcher(step.text()).matches(), step.text());
            } else if (step instanceof ServerStep) {
                assertTrue(server.matcher(step.text()).matches(), step.text());
            }
        }
    }

    @Test
    void theActionPatternRefusesWhatTheLoaderRefuses() throws IOException {
        Pattern action = pattern(schema(), "actionLine");

        for (String wrong : List.of("c1 aquire", "c1 write read", "c1 acquire shared", "acquire", "server acquire",
                "say hello", "c1 acquire write now")) {
            assertFalse(action.matcher(wrong).matches(), wrong);
        }
    }

    private static void flatten(List<Step> script, List<Step> into) {
        for (Step step : script) {
            into.add(step);
            if (step instanceof Together together) {
                into.addAll(together.actions());
            } else if (step instanceof Repeat repeat) {
                flatten(repeat.body(), into);
            }
        }
    }
}
