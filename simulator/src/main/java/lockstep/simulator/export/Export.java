package lockstep.simulator.export;

import java.util.List;

import lockstep.simulator.text.SimulatorTexts;

/**
 * One kind of file made from saved traces, as an entry of the {@link Exports} registry: its name (which makes its CLI
 * option, {@code --svg}, and its help key, {@code lockstep.export.svg}), the extension of its files, the words a
 * suggested file name ends with, whether it takes one trace or several, and the function that turns the traces into
 * the file's text. The CLI's options, the window's Export menu and docs/cli.md all read the registry, so that a new
 * format is its class, its entry, its texts and its docs line.
 *
 * @param name               the option's name without its dashes ({@code svg})
 * @param extension          the extension of its files, without the dot ({@code log} for the ShiViz log)
 * @param suggestedSuffix    what a suggested file name ends with before the extension ({@code -metrics}, or empty)
 * @param takesSeveralTraces whether it takes every trace given (the metrics) or exactly one (a diagram)
 * @param maker              the file's text from the traces (one, or every one, as {@link #takesSeveralTraces} says)
 */
public record Export(String name, String extension, String suggestedSuffix, boolean takesSeveralTraces,
                     Maker maker) {

    /** What a CLI option and a help key are made of: the option is {@code --NAME}, the key {@code lockstep.export.NAME}. */
    public static final String HELP_KEY_PREFIX = "lockstep.export.";

    /** Turns traces into a file's text. */
    @FunctionalInterface
    public interface Maker {
        String of(List<MetricsCsv.Run> traces);
    }

    /** The CLI option ({@code --svg}). */
    public String option() {
        return "--" + name;
    }

    /** The option as the usage shows it with its value ({@code --svg FILE}). */
    public String optionWithItsFile() {
        return option() + " FILE";
    }

    /** One sentence on what it writes, in the current language: the CLI's help of its option. */
    public String description() {
        return SimulatorTexts.usage(helpKey());
    }

    /** The key of its description in the CLI's help bundle ({@code lockstep.export.svg}). */
    public String helpKey() {
        return HELP_KEY_PREFIX + name;
    }

    /** The file's text: from the first trace when it takes one, from all of them when it takes several. */
    public String textOf(List<MetricsCsv.Run> traces) {
        return maker.of(takesSeveralTraces ? traces : traces.subList(0, 1));
    }
}
