package lockstep.gui.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import lockstep.simulator.BadInputException;
import lockstep.simulator.cli.LockstepCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep docs-images}: makes every picture in {@code docs/} again from the scenarios, by running the commands
 * {@link DocsPictures} lists. Steps: check the root has a {@code docs/} directory, pick the pictures (all but the
 * timed ones, unless asked), group those one command makes, run each command in this process, and say which files it
 * wrote. The first command that fails stops the run, its one-line error shown.
 */
@Command(name = "docs-images", mixinStandardHelpOptions = true,
        description = "Make every picture in docs/ again from the built-in scenarios (render, herd; bench with --benchmarks).",
        footer = {"", "Examples:",
                "  lockstep docs-images",
                "  lockstep docs-images --only docs/course/",
                "  lockstep docs-images --list",
                "",
                "Exit codes: 0 fine, 2 bad input or a picture that could not be made."})
public final class DocsImagesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = ".",
            description = "The project's root, which holds docs/ (default: the current directory).")
    Path root;

    @Option(names = "--only", paramLabel = "TEXT",
            description = "Only the pictures whose path contains TEXT (may be repeated).")
    List<String> only = new ArrayList<>();

    @Option(names = "--benchmarks",
            description = "Also the timed charts (lockstep bench, minutes); their figures in docs/performance.md are "
                    + "then yours to update.")
    boolean benchmarks;

    @Option(names = "--list", description = "Print every picture and its command; make nothing.")
    boolean list;

    @Override
    public Integer call() throws BadInputException {
        PrintWriter out = spec.commandLine().getOut();
        if (list) {
            for (DocsPictures.Picture picture : DocsPictures.all()) {
                out.println(picture.path() + "  <-  lockstep " + String.join(" ", picture.command())
                        + (picture.benchmark() ? text("docsImages.timed") : ""));
            }
            out.flush();
            return LockstepCommand.OK;
        }
        if (!Files.isDirectory(root.resolve("docs"))) {
            throw new BadInputException("lockstep docs-images", text("docsImages.noDocs", root.toAbsolutePath()));
        }
        Map<List<String>, List<DocsPictures.Picture>> commands = new LinkedHashMap<>();
        for (DocsPictures.Picture picture : DocsPictures.all()) {
            boolean chosen = only.isEmpty() || only.stream().anyMatch(picture.path()::contains);
            if (chosen && (benchmarks || !picture.benchmark())) {
                commands.computeIfAbsent(picture.command(), c -> new ArrayList<>()).add(picture);
            }
        }
        if (commands.isEmpty()) {
            throw new BadInputException("lockstep docs-images", text("docsImages.noMatch",
                    String.join(", ", only)));
        }
        for (Map.Entry<List<String>, List<DocsPictures.Picture>> command : commands.entrySet()) {
            List<String> args = new ArrayList<>(command.getKey());
            for (DocsPictures.Picture picture : command.getValue()) {
                Path file = root.resolve(picture.path());
                if (!Files.isDirectory(file.getParent())) {
                    throw new BadInputException("lockstep docs-images", text("docsImages.noSuchDirectory",
                            file.getParent(), picture.path()));
                }
                args.add(picture.outputOption());
                args.add(file.toString());
            }
            StringWriter said = new StringWriter();
            StringWriter complained = new StringWriter();
            CommandLine cli = Launcher.commandLine();
            cli.setOut(new PrintWriter(said, true));
            cli.setErr(new PrintWriter(complained, true));
            int exit = cli.execute(args.toArray(String[]::new));
            if (exit != LockstepCommand.OK && exit != LockstepCommand.FINDING) {
                throw new BadInputException("lockstep docs-images", text("docsImages.failed", String.join(" ", command.getKey()),
                        complained.toString().strip().lines().findFirst().orElse("exit " + exit)));
            }
            for (DocsPictures.Picture picture : command.getValue()) {
                out.println(text("docsImages.wrote", picture.path(), String.join(" ", command.getKey())));
            }
            out.flush();
        }
        return LockstepCommand.OK;
    }
}
