package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.simulator.BadInputException;

class BuiltInScenariosTest {

    /** The repository's scenarios folder; surefire runs in the simulator module's directory. */
    private static final Path SCENARIOS = Path.of("..", "scenarios");

    static List<String> names() {
        return BuiltInScenarios.list().stream().map(BuiltInScenarios.BuiltIn::name).toList();
    }

    @Test
    void theIndexNamesExactlyTheNumberedFilesInTheScenariosFolder() throws IOException {
        List<String> numbered;
        try (Stream<Path> files = Files.list(SCENARIOS)) {
            numbered = files.map(path -> path.getFileName().toString())
                    .filter(name -> name.matches("[0-9]{2}-[a-z0-9-]+\\.yaml")).sorted().toList();
        }

        assertEquals(numbered, BuiltInScenarios.indexedFileNames());
    }

    @Test
    void theListIsSortedByIdWithTitlesAndDescriptions() {
        List<BuiltInScenarios.BuiltIn> list = BuiltInScenarios.list();

        assertEquals(30, list.size());
        assertEquals(list.stream().sorted(Comparator.comparing(BuiltInScenarios.BuiltIn::id)).toList(), list);
        assertEquals("02", list.get(1).id());
        assertEquals("02-herd-effect", list.get(1).name());
        assertEquals("The herd effect", list.get(1).title());
        assertEquals("Эффект стада", list.get(1).title("ru"));
        list.forEach(builtIn -> assertFalse(builtIn.description().isBlank(), builtIn.name()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void everyBuiltInLoadsWithASeedNarrationAndItsNameAsSource(String name) throws BadInputException {
        Scenario scenario = BuiltInScenarios.load(name);

        assertEquals(name, scenario.source());
        assertNotNull(scenario.seed());
        assertTrue(scenario.script().stream().anyMatch(step -> step instanceof Say), "teaches with say:");
        assertEquals(scenario, BuiltInScenarios.load(name.substring(0, 2)));
        assertTrue(BuiltInScenarios.text(name).contains("title:\n  en: \"" + scenario.title() + "\""));
    }

    @Test
    void theHerdEffectHasTheShapeTheNotificationCountsDependOn() throws BadInputException {
        List<String> actions = BuiltInScenarios.load("02").script().stream()
                .filter(step -> !(step instanceof Say)).map(Step::text).toList();

        assertEquals(List.of("all acquire", "repeat 9: holder release", "holder release"), actions);
        assertEquals(10, BuiltInScenarios.load("02-herd-effect").clients().size());
    }

    @Test
    void theReadersAndWritersQueueHasAdjacentReadersBetweenWriters() throws BadInputException {
        List<String> acquires = BuiltInScenarios.load("06").script().stream()
                .filter(step -> step instanceof Action action && action.verb() == Verb.ACQUIRE)
                .map(Step::text).toList();

        assertEquals(List.of("w1 acquire write", "r1 acquire read", "r2 acquire read", "w2 acquire write",
                "r3 acquire read"), acquires);
    }

    @Test
    void anUnknownBuiltInIsBadInputNamingWhatExists() {
        BadInputException e = assertThrows(BadInputException.class, () -> BuiltInScenarios.load("99"));

        assertEquals("99: no built-in scenario by that name (expected an id 01..30 or a name such as 01-one-client)",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BuiltInScenarios.text("herd"));
    }

    @Test
    void theBenchmarkLoadsButIsNotABuiltIn() throws BadInputException {
        Scenario herd = ScenarioLoader.load(SCENARIOS.resolve("bench").resolve("herd-200.yaml"));

        assertEquals(200, herd.clients().size());
        assertEquals(List.of("all acquire", "repeat 199: holder release", "holder release"),
                herd.script().stream().map(Step::text).toList());
        assertFalse(names().contains("herd-200"));
    }
}
