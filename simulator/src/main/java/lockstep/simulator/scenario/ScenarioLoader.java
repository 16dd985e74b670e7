package lockstep.simulator.scenario;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import lockstep.simulator.BadInputException;

/**
 * Loads scenario files. A returned {@link Scenario} is complete and consistent: required keys present, every step
 * well formed and naming only declared clients. Anything else is a {@link BadInputException} whose message is one
 * line, {@code FILE:LINE:COLUMN: what is wrong (what was expected)}, with FILE as the caller named it. Pure: no
 * ZooKeeper, no state, safe from any thread.
 */
public final class ScenarioLoader {

    private ScenarioLoader() {
    }

    /** Reads {@code file} as UTF-8 and parses it; FILE in messages is {@code file} as given. */
    public static Scenario load(Path file) throws BadInputException {
        String source = file.toString();
        return parse(source, read(file, source));
    }

    /** Parses {@code yamlText}; {@code sourceName} is the FILE of every message and the scenario's source. */
    public static Scenario parse(String sourceName, String yamlText) throws BadInputException {
        return ScenarioReader.read(sourceName, YamlDocument.compose(sourceName, yamlText));
    }

    private static String read(Path file, String source) throws BadInputException {
        if (Files.isDirectory(file)) {
            throw new BadInputException(source, 1, 1, text("file.isADirectory"));
        }
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, 1, 1, text("file.noSuchFile"));
        } catch (AccessDeniedException e) {
            throw new BadInputException(source, 1, 1, text("file.permissionDenied"));
        } catch (CharacterCodingException e) {
            throw new BadInputException(source, 1, 1, text("file.notUtf8"));
        } catch (IOException e) {
            throw new BadInputException(source, 1, 1, text("file.cannotRead", e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage().strip().replaceAll("\\s+", " "))));
        }
    }
}
