package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.simulator.BadInputException;

/**
 * Every file in {@code malformed/} must fail to load with exactly the one-line message {@code expected-messages.txt}
 * gives for it.
 */
class MalformedScenariosTest {

    private static final String TABLE = "expected-messages.txt";
    private static final String MISSING = "missing.yaml";

    /** One corpus entry: a file name and the message a user loading it from its own directory sees. */
    record Case(String fileName, String message) {
        @Override
        public String toString() {
            return fileName;
        }
    }

    static Path corpus() throws URISyntaxException {
        return Path.of(MalformedScenariosTest.class.getResource("/malformed/" + TABLE).toURI()).getParent();
    }

    static List<Case> cases() throws IOException, URISyntaxException {
        try (Stream<String> lines = Files.lines(corpus().resolve(TABLE))) {
            return lines.filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> new Case(line.substring(0, line.indexOf(':')), line))
                    .toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachMalformedFileGivesItsOneLineMessage(Case c) throws URISyntaxException {
        Path file = corpus().resolve(c.fileName());

        BadInputException e = assertThrows(BadInputException.class, () -> ScenarioLoader.load(file));

        assertEquals(file + c.message().substring(c.fileName().length()), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void everyFileInTheCorpusHasAnExpectedMessageAndTheMissingOneIsMissing() throws Exception {
        Set<String> listed = cases().stream().map(Case::fileName).collect(Collectors.toSet());
        Set<String> present;
        try (Stream<Path> files = Files.list(corpus())) {
            present = files.map(path -> path.getFileName().toString())
                    .filter(name -> name.endsWith(".yaml")).collect(Collectors.toSet());
        }

        assertEquals(present, listed.stream().filter(name -> !name.equals(MISSING)).collect(Collectors.toSet()));
        assertTrue(listed.contains(MISSING));
        assertFalse(Files.exists(corpus().resolve(MISSING)));
        assertTrue(listed.size() >= 22, "a corpus of at least 22 inputs");
    }
}
