package lockstep.gui.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lockstep.gui.demo.DemoTraces;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.simulator.BadInputException;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.trace.Event;

/** The workbench's traces from the simulator: scenario files and built-ins run once per algorithm, trace files read. */
public final class Sources implements TraceSource {

    /** The algorithms a lane can run, in chip order. */
    public static final List<String> ALGORITHMS = List.of("naive", "children-watch", "sequential", "read-write");

    @Override
    public List<BuiltIn> builtIns() {
        return List.of(new BuiltIn("02", "herd-effect", "The herd effect",
                "Eight clients want one lock. With the naive lock every release wakes every waiter; with the "
                        + "sequential lock only the next one."));
    }

    @Override
    public List<String> algorithms() {
        return ALGORITHMS;
    }

    /** The built-in a spec names (by id or name), or null. */
    public BuiltIn builtIn(String spec) {
        for (BuiltIn b : builtIns()) {
            if (b.id().equals(spec) || b.name().equals(spec) || (b.id() + "-" + b.name()).equals(spec)) {
                return b;
            }
        }
        return null;
    }

    @Override
    public Loaded load(String spec, List<String> algorithms, Long seed) throws BadInputException {
        if (spec.toLowerCase(Locale.ROOT).endsWith(".jsonl")) {
            return new Loaded(spec, titleOf(Path.of(spec).getFileName().toString()), List.of(readTrace(Path.of(spec))),
                    true);
        }
        BuiltIn builtIn = builtIn(spec);
        Path file = Path.of(spec);
        if (builtIn == null && !Files.isRegularFile(file)) {
            throw new BadInputException(spec, "no such scenario file or built-in scenario (try 02)");
        }
        List<List<Event>> traces = new ArrayList<>();
        for (String algorithm : algorithms) {
            traces.add(run(builtIn, file, algorithm, seed));
        }
        String title = builtIn != null ? builtIn.id() + " · " + builtIn.title() : titleOf(file.getFileName().toString());
        return new Loaded(spec, title, traces, false);
    }

    private static List<Event> run(BuiltIn builtIn, Path file, String algorithm, Long seed) throws BadInputException {
        if (builtIn != null) {
            // Until the simulator can run built-ins, scenario 02 is drawn from a hand-made trace of the same shape.
            return DemoTraces.herd(algorithm, 8);
        }
        try {
            return Simulations.run(file, algorithm, seed);
        } catch (UnsupportedOperationException notYet) {
            throw new BadInputException(file.toString(), "the simulator cannot run scenarios yet");
        }
    }

    static List<Event> readTrace(Path file) throws BadInputException {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file.toString(), "no such trace file");
        }
        throw new BadInputException(file.toString(), "reading trace files is not available yet");
    }

    private static String titleOf(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    /** The file name a headless run's GIF gets: {@code lockstep-02-herd-effect.gif}. */
    public String gifName(String spec) {
        BuiltIn b = builtIn(spec);
        if (b != null) {
            return "lockstep-" + b.id() + "-" + b.name() + ".gif";
        }
        return "lockstep-" + titleOf(Path.of(spec).getFileName().toString()) + ".gif";
    }
}
