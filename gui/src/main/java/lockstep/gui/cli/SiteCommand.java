package lockstep.gui.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import lockstep.gui.site.CourseSite;
import lockstep.gui.source.SimulatorSource;
import lockstep.simulator.BadInputException;
import lockstep.simulator.cli.LockstepCommand;
import lockstep.simulator.export.PlayerPage;
import lockstep.simulator.files.CannotWrite;
import lockstep.simulator.files.SafeFiles;
import lockstep.simulator.replay.Beats;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Showcase;
import lockstep.simulator.trace.Event;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep site DIR}: the course as a static site a teacher can copy to any web server or open from the disk
 * ({@link CourseSite}). Steps: check DIR (a new or empty directory, or a site made before) and the root's
 * {@code docs/}; list the runs: every built-in with the pair {@link Showcase} gives it, and the run of every picture
 * {@link DocsPictures} draws with {@code render} (its command read by {@code render}'s own options, so a picture's
 * run and beat are the ones {@code docs-images} draws); run each once and write its player page; render the pages,
 * each picture linked to its player at its beat; write the index. With {@code --only}, only the built-ins named get
 * players, and a picture of another run stays a picture.
 */
@Command(name = "site", mixinStandardHelpOptions = true,
        description = "Build the course as a static site in DIR: the docs as HTML, a player for every built-in "
                + "scenario, every picture linked to its live player; nothing in it reaches the network.",
        footer = {"", "Examples:",
                "  lockstep site /tmp/site",
                "  lockstep site /tmp/site --only 02 --only 06",
                "",
                "Exit codes: 0 fine, 2 bad input or a file that could not be written."})
public final class SiteCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR",
            description = "Where the site goes: a new or empty directory (made if missing), or a site made before.")
    Path out;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = ".",
            description = "The project's root, which holds docs/ (default: the current directory).")
    Path root;

    @Option(names = "--only", paramLabel = "ID",
            description = "Players only for these built-ins (an id or a name; may be repeated); other pictures stay "
                    + "pictures.")
    List<String> only = new ArrayList<>();

    /** One run the site plays: a built-in, its algorithms (one lane each) and a seed (null: the scenario's own). */
    record Run(String scenario, List<String> algorithms, Long seed) {

        /** The player's path from the site's root. */
        String player() {
            return CourseSite.PLAYERS + scenario + "--" + String.join("--", algorithms)
                    + (seed == null ? "" : "--seed" + seed) + ".html";
        }
    }

    /** A picture of the docs: the run it shows and the beat (a step, or the last beat of a script line). */
    record Shown(Run run, Integer step, Integer atLine) {
    }

    @Override
    public Integer call() throws BadInputException {
        long started = System.nanoTime();
        if (!Files.isDirectory(root.resolve("docs"))) {
            throw new BadInputException("lockstep site", text("docsImages.noDocs", root.toAbsolutePath()));
        }
        checkTarget(out);
        SimulatorSource source = new SimulatorSource();
        List<String> chosen = new ArrayList<>();
        for (String wanted : only) {
            BuiltInScenarios.BuiltIn b = source.builtIn(wanted.strip());
            if (b == null) {
                throw new BadInputException("--only", text("site.noSuchBuiltIn", wanted));
            }
            chosen.add(b.name());
        }
        Map<Run, BuiltInScenarios.BuiltIn> index = new LinkedHashMap<>();
        for (BuiltInScenarios.BuiltIn b : BuiltInScenarios.list()) {
            if (chosen.isEmpty() || chosen.contains(b.name())) {
                index.put(new Run(b.name(), Showcase.pairOf(b.name(), Simulations.load(b.name())), null), b);
            }
        }
        Map<String, Shown> pictures = new LinkedHashMap<>();
        for (DocsPictures.Picture picture : DocsPictures.all()) {
            if (picture.command().get(0).equals("render")) {
                Shown shown = shown(picture, source, chosen);
                if (shown != null) {
                    pictures.put(picture.path(), shown);
                }
            }
        }
        List<Run> runs = new ArrayList<>(index.keySet());
        pictures.values().stream().map(Shown::run).filter(r -> !runs.contains(r)).distinct().forEach(runs::add);
        Map<String, String> links = new LinkedHashMap<>();
        long bytes = 0;
        try {
            Files.createDirectories(out.resolve(CourseSite.PLAYERS));
            CourseSite.mark(out);
            for (Run run : runs) {
                List<List<Event>> traces = source.load(run.scenario(), run.algorithms(), run.seed()).traces();
                String page = PlayerPage.of(traces, Simulations.load(run.scenario()));
                SafeFiles.writeString(out.resolve(run.player()), page);
                bytes += page.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                Beats beats = Beats.of(traces);
                for (Map.Entry<String, Shown> picture : pictures.entrySet()) {
                    if (picture.getValue().run().equals(run)) {
                        links.put(picture.getKey(), run.player() + "#beat=" + beat(picture, beats));
                    }
                }
            }
            List<CourseSite.DocPage> pages = CourseSite.writeDocs(root, out,
                    path -> Optional.ofNullable(links.get(path)));
            List<CourseSite.ScenarioEntry> entries = new ArrayList<>();
            index.forEach((run, b) -> entries.add(new CourseSite.ScenarioEntry(b, run.algorithms(),
                    Optional.of(run.player()))));
            CourseSite.writeIndex(out, pages, entries);
            long size;
            try (Stream<Path> files = Files.walk(out)) {
                size = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
            }
            PrintWriter said = spec.commandLine().getOut();
            said.println(text("site.wrote", out, pages.size() + 1, runs.size(), links.size(),
                    String.format(java.util.Locale.ROOT, "%.1f", size / 1e6),
                    String.format(java.util.Locale.ROOT, "%.1f", (System.nanoTime() - started) / 1e9),
                    out.resolve("index.html").toAbsolutePath().toUri()));
            said.flush();
        } catch (CannotWrite e) {
            throw new BadInputException("lockstep site", e.getMessage());
        } catch (IOException e) {
            throw new BadInputException("lockstep site", out + ": " + SafeFiles.cause(e));
        }
        return LockstepCommand.OK;
    }

    /**
     * A new directory (its parent must be there), an empty one, or a site this command made; never a file, and
     * never a directory of other things (a site written into a home directory would be hard to take out again).
     */
    private static void checkTarget(Path out) throws BadInputException {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new BadInputException("lockstep site", text("site.notADirectory", out));
        }
        if (Files.isDirectory(out) && !Files.exists(out.resolve(CourseSite.MARK))) {
            try (Stream<Path> inside = Files.list(out)) {
                if (inside.findAny().isPresent()) {
                    throw new BadInputException("lockstep site", text("site.notASite", out));
                }
            } catch (IOException e) {
                throw new BadInputException("lockstep site", out + ": " + SafeFiles.cause(e));
            }
        }
        // the rules every command's output follows: an existing, writable place
        String refused = SafeFiles.problem(Files.isDirectory(out) ? out.resolve(CourseSite.MARK) : out);
        if (refused != null) {
            throw new BadInputException("lockstep site", out + ": " + refused);
        }
    }

    /**
     * A picture's run and beat, read from its {@code render} command by {@code render}'s own options; null when
     * {@code chosen} names built-ins and not the picture's.
     */
    private Shown shown(DocsPictures.Picture picture, SimulatorSource source, List<String> chosen)
            throws BadInputException {
        List<String> args = new ArrayList<>(picture.command().subList(1, picture.command().size()));
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("--lock")) {
                args.set(i + 1, root.resolve(args.get(i + 1)).toString()); // named from the project's root
            }
        }
        RenderCommand render = new RenderCommand();
        CommandLine cli = new CommandLine(render);
        BuiltInScenarios.BuiltIn builtIn;
        try {
            cli.parseArgs(args.toArray(String[]::new));
            builtIn = source.builtIn(render.source);
            if (builtIn != null && !chosen.isEmpty() && !chosen.contains(builtIn.name())) {
                return null; // not asked for: its lock (if any) need not even be compiled
            }
            boolean named = cli.getParseResult().hasMatchedOption("--algorithm");
            render.lanes.whenNoneIsNamed(render.source, named);
            render.lanes.addLocks(named);
            render.lanes.servers.apply(cli);
        } catch (CommandLine.ParameterException e) {
            throw new BadInputException(picture.path(), e.getMessage());
        }
        String problem = render.lanes.problem();
        if (problem != null || builtIn == null) {
            throw new BadInputException(picture.path(), text("site.badPicture", String.join(" ",
                    picture.command()), problem != null ? problem : render.source));
        }
        return new Shown(new Run(builtIn.name(), List.copyOf(render.lanes.algorithms), render.lanes.seed),
                render.step, render.atLine);
    }

    private static int beat(Map.Entry<String, Shown> picture, Beats beats) throws BadInputException {
        Shown shown = picture.getValue();
        int beat = shown.atLine() != null ? beats.lastBeatOfLine(shown.atLine())
                : shown.step() != null ? shown.step() : beats.size() - 1;
        if (beat < 0 || beat >= beats.size()) {
            throw new BadInputException(picture.getKey(), text("site.noSuchBeat", beats.size() - 1));
        }
        return beat;
    }
}
