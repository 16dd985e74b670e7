package lockstep.simulator.scenario;

import static lockstep.simulator.text.SimulatorTexts.text;

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
            throw Places.complaint(source, node, text("wording.kind", what, Scalars.kind(node),
                    "{en: ..., zh: ..., ru: ...}", "'['", "'{'"));
        }
        Map<String, String> texts = new LinkedHashMap<>();
        for (NodeTuple entry : mapping.getValue()) {
            String language = entry.getKeyNode() instanceof ScalarNode key ? key.getValue().strip() : "";
            if (!Wording.LANGUAGES.contains(language)) {
                throw Places.complaint(source, entry.getKeyNode(), text("wording.unknownLanguage", language, what,
                        "'{en: ..., zh: ..., ru: ...}'"));
            }
            if (texts.containsKey(language)) {
                throw Places.complaint(source, entry.getKeyNode(), text("wording.twice", what, language));
            }
            Node value = entry.getValueNode();
            String text = value instanceof ScalarNode scalar && !Scalars.isNull(scalar) ? shape.apply(scalar.getValue())
                    : "";
            if (text.isEmpty()) {
                throw Places.complaint(source, value, text("wording.emptyIn", what, language,
                        value instanceof ScalarNode ? text("kind.empty") : Scalars.kind(value)));
            }
            texts.put(language, text);
        }
        if (!texts.containsKey("en")) {
            throw Places.complaint(source, mapping, text("wording.noEnglish", what, String.join(", ", texts.keySet())));
        }
        return texts;
    }
}
