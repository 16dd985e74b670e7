package lockstep.simulator.scenario;

/**
 * A place in a scenario file: the file as the user named it (or a built-in's name), and a 1-based line and column.
 * {@link #toString()} gives {@code file:line:column}, the prefix of every message about that place.
 */
public record Position(String file, int line, int column) {

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
