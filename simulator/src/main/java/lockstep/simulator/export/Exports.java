package lockstep.simulator.export;

import java.util.List;
import java.util.Optional;

import lockstep.simulator.frame.Frames;
import lockstep.simulator.frame.FramesJson;

/**
 * The registry of export formats: {@code lockstep export} makes an option of each, the window's Export menu an item,
 * and a docs test holds docs/cli.md's table of export options to it. Adding a format means its class, its entry here,
 * its texts (the help bundle's {@code lockstep.export.NAME} in every language, and the window's menu words) and its
 * line in docs/cli.md. Order: as the menu lists them and the CLI writes them.
 */
public final class Exports {

    private static final List<Export> ALL = List.of(
            new Export("svg", "svg", "", false, traces -> SequenceDiagram.of(traces.get(0).trace())),
            new Export("shiviz", "log", "", false, traces -> ShivizLog.of(traces.get(0).trace())),
            new Export("csv", "csv", "-metrics", true, MetricsCsv::of),
            new Export("frames", "jsonl", "-frames", true, traces -> FramesJson.of(
                    Frames.ofTraces(traces.stream().map(MetricsCsv.Run::trace).toList()))),
            new Export("html", "html", "", true, PlayerPage::of));

    private Exports() {
    }

    /** Every export format, in registry order. */
    public static List<Export> all() {
        return ALL;
    }

    /** The format of this name ({@code svg}). */
    public static Optional<Export> named(String name) {
        return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** The formats that take exactly one trace. */
    public static List<Export> ofOneTrace() {
        return ALL.stream().filter(e -> !e.takesSeveralTraces()).toList();
    }

    /** The formats that take every trace given. */
    public static List<Export> ofSeveralTraces() {
        return ALL.stream().filter(Export::takesSeveralTraces).toList();
    }
}
