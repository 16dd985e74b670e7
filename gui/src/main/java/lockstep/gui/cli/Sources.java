package lockstep.gui.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lockstep.algorithms.Algorithms;
import lockstep.gui.viewmodel.TraceSource;
import lockstep.simulator.BadInputException;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.TraceFiles;
import lockstep.simulator.trace.Event;

/** The workbench's traces from the simulator: scenario files and built-ins run once per algorithm, trace files read. */
public final class Sources implements TraceSource {

    @Override
    public List<BuiltIn> builtIns() {
        return BuiltInScenarios.list().stream()
                .map(b -> new BuiltIn(b.id(), b.name(), b.title(), b.description())).toList();
    }

    @Override
    public List<String> algorithms() {
        return Algorithms.names();
    }

    /** The built-in a spec names (by id or name), or null. */
    public BuiltIn builtIn(String spec) {
        for (BuiltIn b : builtIns()) {
            if (b.id().equals(spec) || b.name().equals(spec)) {
                return b;
            }
        }
        return null;
    }

    @Override
    public Loaded load(String spec, List<String> algorithms, Long seed) throws BadInputException {
        if (spec.toLowerCase(Locale.ROOT).endsWith(".jsonl")) {
            List<Event> trace = TraceFiles.read(Path.of(spec));
            Event.RunStarted run = (Event.RunStarted) trace.get(0);
            return new Loaded(spec, run.title() + " (" + Path.of(spec).getFileName() + ")", List.of(trace), true);
        }
        for (String algorithm : algorithms) {
            if (Algorithms.find(algorithm).isEmpty()) {
                throw new BadInputException("lockstep", "unknown algorithm '" + algorithm + "' (expected one of "
                        + String.join(", ", Algorithms.names()) + ")");
            }
        }
        Scenario scenario = Simulations.load(spec);
        long chosen = Simulations.seedFor(scenario, seed);
        List<List<Event>> traces = new ArrayList<>();
        for (String algorithm : algorithms) {
            traces.add(Simulations.run(scenario, algorithm, chosen));
        }
        BuiltIn builtIn = builtIn(spec);
        String title = builtIn != null ? builtIn.id() + " · " + builtIn.title() : scenario.title();
        return new Loaded(spec, title, traces, false);
    }

    private static String titleOf(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    /** The file name a headless run's GIF gets: {@code lockstep-02-herd-effect.gif}. */
    public String gifName(String spec) {
        BuiltIn b = builtIn(spec);
        if (b != null) {
            return "lockstep-" + b.name() + ".gif";
        }
        return "lockstep-" + titleOf(Path.of(spec).getFileName().toString()) + ".gif";
    }
}
