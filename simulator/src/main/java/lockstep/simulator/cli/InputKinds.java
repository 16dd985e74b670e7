package lockstep.simulator.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import lockstep.simulator.BadInputException;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.text.SimulatorTexts;

/**
 * Tells a trace from a scenario by its first character, so a command handed the other kind of file says so in plain
 * words instead of reporting the wrong parser's complaint. A trace is JSON Lines: its first non-blank character is
 * {@code '{'}. A scenario is YAML: a comment or a key comes first. Only the first 4 KiB of a file are read.
 */
public final class InputKinds {

    /** What a file holds, judged by its first non-blank character. */
    public enum Kind { TRACE, SCENARIO, EMPTY, MISSING }

    private static final int PEEK = 4096;

    private InputKinds() {
    }

    /**
     * A trace when the first non-blank character is '{', empty when there is none, missing when there is no such
     * readable regular file, else a scenario.
     */
    public static Kind of(Path file) {
        if (!Files.isRegularFile(file)) {
            return Kind.MISSING;
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(PEEK);
            for (byte b : head) {
                if (!Character.isWhitespace(b)) {
                    return b == '{' ? Kind.TRACE : Kind.SCENARIO;
                }
            }
            // neither kind yet: each reader says in its own words what an empty file lacks
            return Kind.EMPTY;
        } catch (IOException unreadable) {
            // the command's own reader reports it, with its own words
            return Kind.MISSING;
        }
    }

    /** True when {@code spec} names an existing file that holds a trace. */
    public static boolean isTrace(String spec) {
        return of(Path.of(spec)) == Kind.TRACE;
    }

    /** For {@code run}: a trace handed over as a scenario is refused with what to do with it instead. */
    static void refuseTraceAsScenario(String spec) throws BadInputException {
        if (isTrace(spec)) {
            throw new BadInputException(spec, 1, 1, SimulatorTexts.text("input.traceNotScenario", spec));
        }
    }

    /**
     * For {@code check}: a scenario (a .yaml file, or any file that loads as one) handed over as a trace is refused
     * with what to do with it instead; any other file that does not start with '{' is "not a trace", in one line
     * rather than the JSON parser's own text. A file that starts like a trace is left to the trace reader.
     */
    static void refuseScenarioAsTrace(Path file) throws BadInputException {
        if (of(file) != Kind.SCENARIO) {
            return;
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean looksLikeOne = name.endsWith(".yaml") || name.endsWith(".yml");
        if (!looksLikeOne) {
            try {
                Simulations.load(file.toString());
                looksLikeOne = true;
            } catch (BadInputException | RuntimeException notAScenarioEither) {
                looksLikeOne = false;
            }
        }
        if (looksLikeOne) {
            throw new BadInputException(file.toString(), 1, 1, SimulatorTexts.text("input.scenarioNotTrace", file));
        }
        throw new BadInputException(file.toString(), 1, 1, SimulatorTexts.text("input.notATrace"));
    }
}
