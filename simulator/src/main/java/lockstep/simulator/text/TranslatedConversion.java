package lockstep.simulator.text;

import picocli.CommandLine.TypeConversionException;

/**
 * An option's value that does not convert, worded when it is shown rather than when it is thrown: picocli converts
 * values while it parses, before {@code --lang} on the same command line has chosen the language, and the one-line
 * error is printed after, in the chosen language.
 */
public final class TranslatedConversion extends TypeConversionException {

    private static final long serialVersionUID = 1L;

    private final String key;
    private final transient Object[] arguments;

    /** A conversion error saying the messages bundle's {@code key}, its placeholders filled with {@code arguments}. */
    public TranslatedConversion(String key, Object... arguments) {
        super(SimulatorTexts.english(key, arguments));
        this.key = key;
        this.arguments = arguments.clone();
    }

    /** The message in the language current now. */
    @Override
    public String getMessage() {
        return SimulatorTexts.text(key, arguments);
    }
}
