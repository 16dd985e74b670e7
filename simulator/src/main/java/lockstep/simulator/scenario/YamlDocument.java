package lockstep.simulator.scenario;

import java.util.List;
import java.util.Optional;

import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.Node;

import lockstep.simulator.BadInputException;
import lockstep.simulator.text.SimulatorTexts;

/**
 * Composes YAML text into one node tree, keeping every node's start mark. Any YAML-level problem (a tab, a missing
 * colon, an unclosed bracket, a second document, an empty file) becomes a single-line {@link BadInputException} that
 * says where, in the user's terms rather than the parser's.
 */
final class YamlDocument {


    /**
     * Parser problems a teacher is likely to meet, reworded. {@code trigger} starts SnakeYAML's problem or context
     * text; {@code atOpening} says the useful place is where the construct opened (the context mark), not where the
     * parser gave up (an unclosed bracket is noticed only at the end of the file).
     */
    private record Rewording(String trigger, boolean atOpening, String key) {
        String message() {
            return SimulatorTexts.text(key);
        }
    }

    private static final List<Rewording> REWORDINGS = List.of(
            new Rewording("mapping values are not allowed", false, "yaml.unexpectedColon"),
            new Rewording("could not find expected ':'", true, "yaml.notKeyValue"),
            new Rewording("expected <block end>", false, "yaml.badIndentation"),
            new Rewording("expected ',' or ']'", true, "yaml.unclosedBracket"),
            new Rewording("expected ',' or '}'", true, "yaml.unclosedBrace"),
            new Rewording("found unexpected end of stream", true, "yaml.unclosedQuote"),
            new Rewording("expected a single document", false, "yaml.secondDocument"),
            new Rewording("found undefined alias", false, "yaml.undefinedAlias"));

    /** Mappings and lists inside each other: a scenario needs about 20 (eight repeats deep), so this is generous. */
    static final int MAX_DEPTH = 64;

    private YamlDocument() {
    }

    static Node compose(String source, String text) throws BadInputException {
        // A byte-order mark is invisible in editors; drop it so it can neither fail the parse nor shift column 1.
        String yaml = text.startsWith("\uFEFF") ? text.substring(1) : text;
        LoadSettings settings = LoadSettings.builder().setLabel(source).setAllowDuplicateKeys(true).build();
        Optional<Node> root;
        try {
            refuseDeepNesting(source, settings, yaml);
            root = new Compose(settings).composeString(yaml);
        } catch (MarkedYamlEngineException e) {
            throw translate(source, yaml, e);
        } catch (YamlEngineException e) {
            throw new BadInputException(source, 1, 1, SimulatorTexts.text("yaml.malformed",
                    firstLine(e.getMessage())));
        }
        return root.orElseThrow(() ->
                new BadInputException(source, 1, 1, SimulatorTexts.text("yaml.empty")));
    }

    /**
     * The composer builds the tree by recursion, so a deep nest (a hundred thousand '[') would overflow the stack: the
     * parser's events, read first, count the depth without recursion and refuse it where it passes the limit.
     */
    private static void refuseDeepNesting(String source, LoadSettings settings, String yaml)
            throws BadInputException {
        int depth = 0;
        for (Event event : new Parse(settings).parseString(yaml)) {
            Event.ID id = event.getEventId();
            if (id == Event.ID.MappingStart || id == Event.ID.SequenceStart) {
                if (++depth > MAX_DEPTH) {
                    Position at = event.getStartMark().map(m -> Places.of(source, m))
                            .orElse(new Position(source, 1, 1));
                    throw Places.complaint(at, SimulatorTexts.text("read.tooDeep", MAX_DEPTH));
                }
            } else if (id == Event.ID.MappingEnd || id == Event.ID.SequenceEnd) {
                depth--;
            }
        }
    }

    private static BadInputException translate(String source, String yaml, MarkedYamlEngineException e) {
        Optional<Mark> mark = e.getProblemMark().or(e::getContextMark);
        Position at = mark.map(m -> Places.of(source, m)).orElse(new Position(source, 1, 1));
        String problem = e.getProblem() == null ? "" : e.getProblem();
        // A tab in the indentation trips the scanner in several ways; whichever it reports, the tab is the cause.
        Optional<Position> tab = tabInIndentation(source, yaml, at.line());
        if (problem.contains("\\t(TAB)") || problem.contains("\t") || tab.isPresent()) {
            return Places.complaint(tab.orElse(at), SimulatorTexts.text("yaml.tab"));
        }
        String context = e.getContext() == null ? "" : e.getContext();
        for (Rewording rewording : REWORDINGS) {
            if (problem.startsWith(rewording.trigger()) || context.startsWith(rewording.trigger())) {
                Position where = rewording.atOpening()
                        ? e.getContextMark().map(m -> Places.of(source, m)).orElse(at) : at;
                return Places.complaint(where, rewording.message());
            }
        }
        return Places.complaint(at, SimulatorTexts.text("yaml.malformed", firstLine(problem)));
    }

    /** The first tab in the leading whitespace of line {@code line} (1-based) or the line before it, if any. */
    private static Optional<Position> tabInIndentation(String source, String yaml, int line) {
        String[] lines = yaml.split("\r\n|\r|\n", -1);
        for (int candidate = Math.max(1, line - 1); candidate <= Math.min(line, lines.length); candidate++) {
            String text = lines[candidate - 1];
            for (int column = 0; column < text.length() && Character.isWhitespace(text.charAt(column)); column++) {
                if (text.charAt(column) == '\t') {
                    return Optional.of(new Position(source, candidate, column + 1));
                }
            }
        }
        return Optional.empty();
    }

    private static String firstLine(String text) {
        String line = text == null ? "" : text.strip();
        int newline = line.indexOf('\n');
        return newline < 0 ? line : line.substring(0, newline).strip();
    }
}
