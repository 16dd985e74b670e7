package lockstep.simulator.scenario;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

import lockstep.simulator.BadInputException;
import lockstep.simulator.text.SimulatorTexts;

/**
 * Maps the top-level node of a scenario file to a {@link Scenario}: checks keys (known, not repeated, required ones
 * present), then each value in the order title, description, seed, clients, script. The first problem found is
 * thrown; nothing is partly built.
 */
final class ScenarioReader {

    static final List<String> KEYS = List.of("title", "description", "seed", "clients", "fencing", "reentrant",
            "ensemble", "permits", "locks", "lockPathMade", "script");
    private static final List<String> REQUIRED = List.of("title", "clients", "script");
    /** What a named lock may be called: it becomes the last segment of its lock path. */
    static final Pattern LOCK_NAME = Pattern.compile("[A-Z][A-Za-z0-9_-]{0,31}");
    /** The most named locks a scenario declares. */
    static final int MAX_LOCKS = 8;
    private static final Pattern WHOLE_NUMBER = Pattern.compile("[+-]?[0-9]+");

    private final String source;

    private ScenarioReader(String source) {
        this.source = source;
    }

    static Scenario read(String source, Node root) throws BadInputException {
        return new ScenarioReader(source).scenario(root);
    }

    private Scenario scenario(Node root) throws BadInputException {
        if (!(root instanceof MappingNode mapping)) {
            throw Places.complaint(source, root, SimulatorTexts.text("scenario.notAMapping",
                    Scalars.kind(root)));
        }
        Map<String, Node> values = values(mapping);
        for (String key : REQUIRED) {
            if (!values.containsKey(key)) {
                throw Places.complaint(source, root, SimulatorTexts.text("scenario.missingKey", key,
                        SimulatorTexts.text("scenario.holds." + key, ClientRoster.MAX_CLIENTS)));
            }
        }
        Wording title = title(values.get("title"));
        Wording description = values.containsKey("description") ? description(values.get("description"))
                : Wording.english("");
        Long seed = values.containsKey("seed") ? seed(values.get("seed")) : null;
        ClientRoster clients = ClientRoster.read(source, values.get("clients"));
        boolean fencing = !values.containsKey("fencing") || flag("fencing", values.get("fencing"));
        boolean reentrant = !values.containsKey("reentrant") || flag("reentrant", values.get("reentrant"));
        int ensemble = values.containsKey("ensemble") ? ensemble(values.get("ensemble")) : 1;
        int permits = values.containsKey("permits") ? permits(values.get("permits")) : 1;
        List<String> locks = values.containsKey("locks") ? locks(values.get("locks")) : List.of();
        boolean lockPathMade = values.containsKey("lockPathMade") && flag("lockPathMade", values.get("lockPathMade"));
        List<Step> script = new StepReader(source, clients, locks, permits).script(values.get("script"));
        long lines = StepReader.expandedLines(script);
        if (lines > StepReader.MAX_EXPANDED_LINES) {
            throw Places.complaint(source, values.get("script"), SimulatorTexts.text("read.tooMuchWork", lines,
                    StepReader.MAX_EXPANDED_LINES));
        }
        return new Scenario(source, title.english(), description.english(), seed, clients.names(), script, fencing,
                reentrant, ensemble, title, description, permits, locks, lockPathMade);
    }

    /** Each key's value node, after checking every key is known and given once. */
    private Map<String, Node> values(MappingNode mapping) throws BadInputException {
        Map<String, Node> values = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        for (NodeTuple entry : mapping.getValue()) {
            Node keyNode = entry.getKeyNode();
            if (!(keyNode instanceof ScalarNode scalar) || Scalars.isNull(keyNode)) {
                throw Places.complaint(source, keyNode, SimulatorTexts.text("scenario.keyNotAWord",
                        String.join(", ", KEYS)));
            }
            String key = scalar.getValue();
            if (lines.containsKey(key)) {
                throw Places.complaint(source, keyNode, SimulatorTexts.text("scenario.duplicateKey", key,
                        lines.get(key)));
            }
            if (!KEYS.contains(key)) {
                throw Places.complaint(source, keyNode, SimulatorTexts.text("scenario.unknownKey", key,
                        String.join(", ", KEYS)));
            }
            lines.put(key, Places.of(source, keyNode).line());
            values.put(key, entry.getValueNode());
        }
        return values;
    }

    /** A title: one line of text, or one per language ({@code {en: ..., zh: ..., ru: ...}}). */
    private Wording title(Node node) throws BadInputException {
        Map<String, String> title = text("title", node, Scalars::oneLine);
        if (title.get("en").isEmpty()) {
            throw Places.complaint(source, node, SimulatorTexts.text("scenario.emptyTitle"));
        }
        return new Wording(title);
    }

    private Wording description(Node node) throws BadInputException {
        return new Wording(text("description", node, String::strip));
    }

    private Map<String, String> text(String key, Node node, java.util.function.UnaryOperator<String> shape)
            throws BadInputException {
        return new WordingReader(source).read(key, node, shape);
    }

    private boolean flag(String key, Node node) throws BadInputException {
        if (node instanceof ScalarNode scalar && scalar.isPlain()) {
            String text = scalar.getValue().strip();
            if (text.equals("true") || text.equals("false")) {
                return Boolean.parseBoolean(text);
            }
            throw Places.complaint(source, node, SimulatorTexts.text("scenario.flagText", key, text));
        }
        throw Places.complaint(source, node, SimulatorTexts.text("scenario.flagKind", key, Scalars.kind(node)));
    }

    private int ensemble(Node node) throws BadInputException {
        String text = node instanceof ScalarNode scalar && scalar.isPlain() ? scalar.getValue().strip() : null;
        if (text != null && WHOLE_NUMBER.matcher(text).matches() && text.length() < 3
                && Scenario.ENSEMBLE_SIZES.contains(Integer.parseInt(text))) {
            return Integer.parseInt(text);
        }
        throw Places.complaint(source, node, SimulatorTexts.text("scenario.ensemble",
                text == null ? Scalars.kind(node) : "'" + text + "'"));
    }

    /** How many may hold the lock at once: a whole number from 1 to the most clients a scenario may have. */
    private int permits(Node node) throws BadInputException {
        String text = node instanceof ScalarNode scalar && scalar.isPlain() ? scalar.getValue().strip() : null;
        if (text != null && WHOLE_NUMBER.matcher(text).matches() && text.length() < 6) {
            int permits = Integer.parseInt(text);
            if (permits >= 1 && permits <= ClientRoster.MAX_CLIENTS) {
                return permits;
            }
        }
        throw Places.complaint(source, node, SimulatorTexts.text("scenario.permits",
                text == null ? Scalars.kind(node) : "'" + text + "'", ClientRoster.MAX_CLIENTS));
    }

    /** The named locks: a list of distinct names, each a capital letter then letters, digits, '_' or '-'. */
    private List<String> locks(Node node) throws BadInputException {
        if (!(node instanceof org.snakeyaml.engine.v2.nodes.SequenceNode list) || list.getValue().isEmpty()
                || list.getValue().size() > MAX_LOCKS) {
            throw Places.complaint(source, node, SimulatorTexts.text("scenario.locksKind",
                    node instanceof org.snakeyaml.engine.v2.nodes.SequenceNode ? "a list of "
                            + ((org.snakeyaml.engine.v2.nodes.SequenceNode) node).getValue().size()
                            : Scalars.kind(node), MAX_LOCKS));
        }
        List<String> names = new java.util.ArrayList<>();
        for (Node item : list.getValue()) {
            String name = item instanceof ScalarNode scalar && scalar.isPlain() ? scalar.getValue().strip() : null;
            if (name == null || !LOCK_NAME.matcher(name).matches()) {
                throw Places.complaint(source, item, SimulatorTexts.text("scenario.lockName",
                        name == null ? Scalars.kind(item) : "'" + name + "'"));
            }
            if (names.contains(name)) {
                throw Places.complaint(source, item, SimulatorTexts.text("scenario.lockTwice", name));
            }
            names.add(name);
        }
        return List.copyOf(names);
    }

    private Long seed(Node node) throws BadInputException {
        if (!(node instanceof ScalarNode scalar) || Scalars.isNull(node)) {
            throw Places.complaint(source, node, SimulatorTexts.text("scenario.seedKind", Scalars.kind(node)));
        }
        String text = scalar.getValue().strip();
        if (!scalar.isPlain()) {
            throw Places.complaint(source, node, SimulatorTexts.text("scenario.seedQuoted", text));
        }
        if (!WHOLE_NUMBER.matcher(text).matches()) {
            throw Places.complaint(source, node, SimulatorTexts.text("scenario.seedNotWhole", text));
        }
        BigInteger seed = new BigInteger(text);
        if (seed.signum() < 0) {
            throw Places.complaint(source, node, SimulatorTexts.text("scenario.seedNegative", text));
        }
        if (seed.bitLength() > Long.SIZE - 1) {
            throw Places.complaint(source, node, SimulatorTexts.text("scenario.seedTooLarge", text, Long.MAX_VALUE));
        }
        return seed.longValue();
    }
}
