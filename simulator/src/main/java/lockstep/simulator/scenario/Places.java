package lockstep.simulator.scenario;

import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.nodes.Node;

import lockstep.simulator.BadInputException;

/** Turns SnakeYAML marks (0-based) into 1-based {@link Position}s and positions into one-line complaints. */
final class Places {

    private Places() {
    }

    static Position of(String source, Node node) {
        return node.getStartMark().map(mark -> of(source, mark)).orElse(new Position(source, 1, 1));
    }

    static Position of(String source, Mark mark) {
        return new Position(source, mark.getLine() + 1, mark.getColumn() + 1);
    }

    static BadInputException complaint(Position at, String message) {
        return new BadInputException(at.file(), at.line(), at.column(), message);
    }

    static BadInputException complaint(String source, Node node, String message) {
        return complaint(of(source, node), message);
    }
}
