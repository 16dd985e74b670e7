package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.simulator.BadInputException;

class ScenarioWriterTest {

    private static final String EVERY_FORM = """
            title: "Quotes \\" and a backslash \\\\ in a title: all kept"
            description: |
              Two lines
              of description.
            seed: 42
            clients: [alice, bob, carol]
            fencing: false
            lockPathMade: true
            script:
              - alice acquire read
              - together: [bob acquire write, carol acquire]
              - say: "plain narration: with a colon"
              - say: {text: "for some", for: [sequential, rwlock], naive: "naive's own"}
              - say: {naive: "only naive", sequential: "only sequential"}
              - repeat 2: holder release
              - repeat 3: [alice write]
              - repeat 2:
                  - bob pause
                  - bob resume
              - repeat 2: {together: [alice acquire, bob acquire]}
              - repeat 1: {say: "inside a repeat"}
              - repeat 2:
                  - repeat 2: all acquire
              - server stop
              - server start
              - carol lose-create-reply
              - say: {en: "in three languages", zh: "三种语言", ru: "на трёх языках"}
              - say: {text: {en: "for some", ru: "для некоторых"}, for: [sequential], naive: {en: "naive", zh: "朴素"}}
            """;

    static Stream<String> builtIns() {
        return BuiltInScenarios.list().stream().map(BuiltInScenarios.BuiltIn::name);
    }

    @ParameterizedTest
    @MethodSource("builtIns")
    void everyBuiltInScenarioReadsBackAsWritten(String name) throws BadInputException {
        assertRoundTrip(BuiltInScenarios.load(name));
    }

    @Test
    void everyStepFormReadsBackAsWritten() throws BadInputException {
        assertRoundTrip(ScenarioLoader.parse("every.yaml", EVERY_FORM));
    }

    @Test
    void aFileIsWrittenWholeAndLoadsBack(@TempDir Path folder) throws Exception {
        Scenario scenario = ScenarioLoader.parse("every.yaml", EVERY_FORM);
        Path file = folder.resolve("out.yaml");
        ScenarioWriter.write(scenario, file);
        assertEquals(List.of(file), listed(folder));
        assertEquals(withoutPlaces(scenario, file.toString()), withoutPlaces(ScenarioLoader.load(file),
                file.toString()));
    }

    private static List<Path> listed(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.toList();
        }
    }

    private static void assertRoundTrip(Scenario scenario) throws BadInputException {
        String written = ScenarioWriter.write(scenario);
        Scenario back = ScenarioLoader.parse(scenario.source(), written);
        assertEquals(withoutPlaces(scenario, "s"), withoutPlaces(back, "s"), written);
        assertEquals(written, ScenarioWriter.write(back));
    }

    /** Everything a scenario says, with the places (which are the new file's) and the source left out. */
    private static String withoutPlaces(Scenario scenario, String source) {
        StringBuilder out = new StringBuilder(scenario.title() + "|" + scenario.description() + "|"
                + scenario.seed() + "|" + scenario.clients() + "|" + scenario.fencing());
        scenario.script().forEach(step -> out.append('\n').append(meaning(step)));
        return out.toString();
    }

    private static String meaning(Step step) {
        if (step instanceof Action action) {
            return "action " + action.text() + " " + action.target() + " " + action.verb() + " " + action.mode() + " "
                    + (action.fault() == null ? "" : action.fault().name());
        }
        if (step instanceof ServerStep server) {
            return "server " + server.text() + " " + server.fault().name();
        }
        if (step instanceof Together together) {
            return "together " + together.text() + together.actions().stream().map(ScenarioWriterTest::meaning).toList();
        }
        if (step instanceof Say say) {
            return "say " + say.text() + "|" + say.narration() + "|" + say.only() + "|"
                    + new java.util.TreeMap<>(say.byAlgorithm());
        }
        Repeat repeat = (Repeat) step;
        return "repeat " + repeat.text() + " " + repeat.times()
                + repeat.body().stream().map(ScenarioWriterTest::meaning).toList();
    }
}
