package lockstep.simulator.scenario;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import lockstep.simulator.BadInputException;
import lockstep.simulator.files.BoundedReading;

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
        BoundedReading.checkLines(yamlText, sourceName, BoundedReading.Limits.SCENARIO);
        return ScenarioReader.read(sourceName, YamlDocument.compose(sourceName, yamlText));
    }

    private static String read(Path file, String source) throws BadInputException {
        byte[] bytes = BoundedReading.read(file, source, BoundedReading.Limits.SCENARIO);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new BadInputException(source, 1, 1, text("file.notUtf8"));
        }
    }
}
