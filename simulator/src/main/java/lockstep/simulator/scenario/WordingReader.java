package lockstep.simulator.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

import lockstep.simulator.BadInputException;

/**
 * Reads a text of a scenario file in either form: a plain string (English), or a mapping of languages
 * ({@code {en: ..., zh: ..., ru: ...}}). Steps: check each key is a known language given once, each value a
 * non-empty text, English among them; shape each text (one line, or stripped). The first problem is thrown as one
 * line naming the place.
 */
final class WordingReader {

    static final String LANGUAGES_EXPECTED = "expected en, zh or ru, e.g. '{en: ..., zh: ..., ru: ...}'";

    private final String source;

    WordingReader(String source) {
        this.source = source;
    }

    /** Whether {@code node} is a mapping whose every key is a language code (so it is a text, not a say mapping). */
    static boolean isLanguageMapping(Node node) {
        if (!(node instanceof MappingNode mapping) || mapping.getValue().isEmpty()) {
            return false;
        }
        for (NodeTuple entry : mapping.getValue()) {
            if (!(entry.getKeyNode() instanceof ScalarNode key) || !Wording.LANGUAGES.contains(key.getValue().strip())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The text {@code node} holds, shaped by {@code shape}; an empty scalar gives an empty English text (the caller
     * decides whether that is allowed), as does a null node.
     */
    Map<String, String> read(String what, Node node, UnaryOperator<String> shape) throws BadInputException {
        if (node instanceof ScalarNode scalar) {
            return Map.of("en", Scalars.isNull(scalar) ? "" : shape.apply(scalar.getValue()));
        }
        if (!(node instanceof MappingNode mapping)) {
            throw Places.complaint(source, node, what + " is " + Scalars.kind(node) + " (expected text, or one per "
                    + "language as {en: ..., zh: ..., ru: ...}; quote text that starts with '[' or '{')");
        }
        Map<String, String> texts = new LinkedHashMap<>();
        for (NodeTuple entry : mapping.getValue()) {
            String language = entry.getKeyNode() instanceof ScalarNode key ? key.getValue().strip() : "";
            if (!Wording.LANGUAGES.contains(language)) {
                throw Places.complaint(source, entry.getKeyNode(), "unknown language '" + language + "' in " + what
                        + " (" + LANGUAGES_EXPECTED + ")");
            }
            if (texts.containsKey(language)) {
                throw Places.complaint(source, entry.getKeyNode(), what + " has '" + language
                        + "' twice (expected each language once)");
            }
            Node value = entry.getValueNode();
            String text = value instanceof ScalarNode scalar && !Scalars.isNull(scalar) ? shape.apply(scalar.getValue())
                    : "";
            if (text.isEmpty()) {
                throw Places.complaint(source, value, what + " in '" + language + "' is "
                        + (value instanceof ScalarNode ? "empty" : Scalars.kind(value)) + " (expected text)");
            }
            texts.put(language, text);
        }
        if (!texts.containsKey("en")) {
            throw Places.complaint(source, mapping, what + " has no English text (expected 'en: ...' beside "
                    + String.join(", ", texts.keySet()) + "; traces record the English one)");
        }
        return texts;
    }
}
