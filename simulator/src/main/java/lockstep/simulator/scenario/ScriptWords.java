package lockstep.simulator.scenario;

import java.util.ArrayList;
import java.util.List;

import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * A one-line script step such as {@code c3 acquire read}, split into words, each with its own position so a message
 * can point at the very word that is wrong. When the scalar is not written as-is on one line (a folded block, escapes
 * in quotes) a word's position falls back to the start of the step.
 */
final class ScriptWords {

    /** One word and where it is. */
    record Word(String text, Position at) {
    }

    private final List<Word> words;
    private final Position start;

    private ScriptWords(List<Word> words, Position start) {
        this.words = List.copyOf(words);
        this.start = start;
    }

    static ScriptWords of(String source, ScalarNode scalar) {
        Position start = Places.of(source, scalar);
        String value = scalar.getValue();
        int offset = offsetOfValue(scalar);
        List<Word> words = new ArrayList<>();
        int i = 0;
        while (i < value.length()) {
            if (Character.isWhitespace(value.charAt(i))) {
                i++;
                continue;
            }
            int begin = i;
            while (i < value.length() && !Character.isWhitespace(value.charAt(i))) {
                i++;
            }
            Position at = offset < 0 ? start : new Position(source, start.line(), start.column() + offset + begin);
            words.add(new Word(value.substring(begin, i), at));
        }
        return new ScriptWords(words, start);
    }

    /**
     * How far the value's first character is from the scalar's start mark: 0 for plain text, 1 inside quotes; -1 when
     * the value is not a verbatim copy of one line of the file, so word columns cannot be trusted.
     */
    private static int offsetOfValue(ScalarNode scalar) {
        if (scalar.getStartMark().isEmpty() || scalar.getEndMark().isEmpty()) {
            return -1;
        }
        int startLine = scalar.getStartMark().get().getLine();
        int endLine = scalar.getEndMark().get().getLine();
        int width = scalar.getEndMark().get().getColumn() - scalar.getStartMark().get().getColumn();
        if (startLine != endLine) {
            return -1;
        }
        int length = scalar.getValue().length();
        if (scalar.getScalarStyle() == ScalarStyle.PLAIN && width == length) {
            return 0;
        }
        boolean quoted = scalar.getScalarStyle() == ScalarStyle.SINGLE_QUOTED
                || scalar.getScalarStyle() == ScalarStyle.DOUBLE_QUOTED;
        return quoted && width == length + 2 ? 1 : -1;
    }

    List<Word> words() {
        return words;
    }

    boolean isEmpty() {
        return words.isEmpty();
    }

    Word get(int index) {
        return words.get(index);
    }

    int size() {
        return words.size();
    }

    Position start() {
        return start;
    }

    /** The step as one line with single spaces. */
    String text() {
        return String.join(" ", words.stream().map(Word::text).toList());
    }
}
