package lockstep.simulator.scenario;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

import lockstep.simulator.BadInputException;

/**
 * The clients a scenario declares, read from {@code clients:}: either a count {@code N} (1..1000, naming them
 * {@code c1..cN}) or a list of unique lower-case names that are not script words. Knows how to describe itself in an
 * "expected one of ..." hint.
 */
final class ClientRoster {

    static final int MAX_CLIENTS = 1000;
    static final Set<String> RESERVED = new LinkedHashSet<>(
            List.of("all", "holder", "holders", "server", "say", "together", "repeat"));
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");
    private static final Pattern WHOLE_NUMBER = Pattern.compile("[+-]?[0-9]+");
    /** Past this many listed names, a hint shows the first few and an ellipsis rather than all of them. */
    private static final int NAMES_IN_HINT = 8;

    private final List<String> names;
    private final Set<String> lookup;
    private final boolean counted;

    private ClientRoster(List<String> names, boolean counted) {
        this.names = List.copyOf(names);
        this.lookup = Set.copyOf(names);
        this.counted = counted;
    }

    static ClientRoster read(String source, Node node) throws BadInputException {
        if (node instanceof ScalarNode scalar && !Scalars.isNull(scalar)) {
            return counted(source, scalar);
        }
        if (node instanceof SequenceNode list) {
            return listed(source, list);
        }
        if (node instanceof ScalarNode) {
            throw Places.complaint(source, node, text("clients.empty", MAX_CLIENTS));
        }
        throw Places.complaint(source, node, text("clients.mapping", MAX_CLIENTS));
    }

    private static ClientRoster counted(String source, ScalarNode scalar) throws BadInputException {
        String text = scalar.getValue().strip();
        if (!scalar.isPlain() || !WHOLE_NUMBER.matcher(text).matches()) {
            throw Places.complaint(source, scalar, text("clients.notANumber", text, MAX_CLIENTS));
        }
        long count = Scalars.wholeNumber(text);
        if (count < 1 || count > MAX_CLIENTS) {
            throw Places.complaint(source, scalar, text("clients.outOfRange", text, MAX_CLIENTS));
        }
        List<String> names = IntStream.rangeClosed(1, (int) count).mapToObj(i -> "c" + i).toList();
        return new ClientRoster(names, true);
    }

    private static ClientRoster listed(String source, SequenceNode list) throws BadInputException {
        if (list.getValue().isEmpty()) {
            throw Places.complaint(source, list, text("clients.emptyList"));
        }
        if (list.getValue().size() > MAX_CLIENTS) {
            throw Places.complaint(source, list, text("clients.tooMany", MAX_CLIENTS));
        }
        List<String> names = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        for (Node item : list.getValue()) {
            String name = name(source, item);
            Integer earlier = firstLine.putIfAbsent(name, Places.of(source, item).line());
            if (earlier != null) {
                throw Places.complaint(source, item, text("clients.twice", name, earlier));
            }
            names.add(name);
        }
        return new ClientRoster(names, false);
    }

    private static String name(String source, Node item) throws BadInputException {
        if (!(item instanceof ScalarNode scalar) || Scalars.isNull(scalar)) {
            throw Places.complaint(source, item, text("clients.nameNotAWord"));
        }
        String name = scalar.getValue().strip();
        if (!NAME.matcher(name).matches()) {
            throw Places.complaint(source, item, text("clients.badName", name));
        }
        if (RESERVED.contains(name)) {
            throw Places.complaint(source, item, text("clients.reserved", name,
                    String.join(", ", RESERVED)));
        }
        return name;
    }

    List<String> names() {
        return names;
    }

    boolean contains(String name) {
        return lookup.contains(name);
    }

    /** The hint after "expected one of": {@code c1..c10}, or the listed names (shortened when many). */
    String describe() {
        if (counted && names.size() > 3) {
            return "c1.." + names.get(names.size() - 1);
        }
        if (names.size() <= NAMES_IN_HINT) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, NAMES_IN_HINT)) + ", ...";
    }
}
