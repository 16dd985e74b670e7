package lockstep.simulator.scenario;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.math.BigInteger;
import java.util.Set;

import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/** Small facts about YAML scalars that the readers share. */
final class Scalars {

    /** Plain scalars YAML reads as "no value": {@code key:} with nothing after it, {@code ~}, {@code null}. */
    private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");

    private Scalars() {
    }

    static boolean isNull(Node node) {
        return node instanceof ScalarNode scalar && scalar.isPlain() && NULLS.contains(scalar.getValue());
    }

    /** Collapses every run of whitespace (newlines of a folded or multi-line value included) to one space. */
    static String oneLine(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    /** A whole number written in decimal, clamped to the range of a long so a huge one cannot overflow. */
    static long wholeNumber(String digits) {
        BigInteger value = new BigInteger(digits);
        return value.max(BigInteger.valueOf(Long.MIN_VALUE)).min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
    }

    /** What kind of thing a node is, for "is a list" style messages. */
    static String kind(Node node) {
        return switch (node.getNodeType()) {
            case SEQUENCE -> text("kind.list");
            case MAPPING -> text("kind.mapping");
            default -> isNull(node) ? text("kind.empty") : text("kind.text");
        };
    }
}
