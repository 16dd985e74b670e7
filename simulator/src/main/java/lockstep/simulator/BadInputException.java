package lockstep.simulator;

/**
 * Input a user gave us that we cannot use: a scenario, a trace, an option. Its message is the one line the user sees,
 * {@code FILE:LINE:COLUMN: what is wrong (what was expected)}, and the CLI exits with code 2 and no stack trace.
 */
public final class BadInputException extends Exception {

    public BadInputException(String where, String message) {
        super(where + ": " + message);
    }

    public BadInputException(String source, int line, int column, String message) {
        this(source + ":" + line + ":" + column, message);
    }
}
