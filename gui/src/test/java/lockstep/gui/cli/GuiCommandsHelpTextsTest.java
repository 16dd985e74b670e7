package lockstep.gui.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;

import lockstep.algorithms.text.BundleAudit;
import lockstep.algorithms.text.Language;
import lockstep.simulator.cli.LockstepCommand;
import lockstep.simulator.text.SimulatorTexts;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The help of the commands this module adds (gui, render, docs-images, bench render, ...) lives in the simulator's
 * help bundle with every other command's: its English must say what the annotations here say, every command and
 * option must have its key (so zh and ru translate it), and every bundle on this class path must be complete.
 */
class GuiCommandsHelpTextsTest {

    /** A bundle without keys: picocli then shows the annotations' texts. */
    @Test
    void everyBundleOnTheClassPathIsComplete() {
        assertEquals(List.of(), BundleAudit.problemsOfEveryBundle());
    }

    @Test
    void theEnglishHelpSaysWhatTheAnnotationsSay() {
        List<String> differences = new ArrayList<>();
        compare(annotatedOnly(), Launcher.commandLine(), differences);
        assertEquals(List.of(), differences);
    }

    @Test
    void everyCommandOptionAndParameterHasItsKey() {
        List<String> missing = new ArrayList<>();
        keys(Launcher.commandLine(), SimulatorTexts.help(Language.EN), missing);
        assertEquals(List.of(), missing);
    }

    /**
     * The launcher's command tree as its annotations alone describe it. A tree once given a bundle keeps the bundle's
     * texts even when handed an empty one, so the annotations' side is a tree that never had a bundle.
     */
    private static CommandLine annotatedOnly() {
        Launcher.commandLine(); // registers the window's benchmarks
        CommandLine cli = LockstepCommand.asAnnotated();
        cli.addSubcommand("gui", new GuiCommand());
        cli.addSubcommand("render", new RenderCommand());
        cli.addSubcommand("docs-images", new DocsImagesCommand());
        cli.addSubcommand("site", new SiteCommand());
        cli.addSubcommand("bench-render", new BenchRenderCommand());
        return cli;
    }

    private static void compare(CommandLine annotated, CommandLine bundledCli, List<String> differences) {
        bundledCli.setResourceBundle(SimulatorTexts.help(Language.EN));
        String fromAnnotations = usage(annotated);
        String bundled = usage(bundledCli);
        if (!fromAnnotations.equals(bundled)) {
            differences.add(bundledCli.getCommandSpec().qualifiedName() + ":\n" + fromAnnotations + "\n---\n"
                    + bundled);
        }
        annotated.getSubcommands().forEach((name, sub) ->
                compare(sub, bundledCli.getSubcommands().get(name), differences));
    }

    private static String usage(CommandLine cli) {
        StringWriter text = new StringWriter();
        cli.usage(new PrintWriter(text, true), CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        return text.toString();
    }

    private static void keys(CommandLine cli, ResourceBundle help, List<String> missing) {
        CommandSpec spec = cli.getCommandSpec();
        String prefix = spec.qualifiedName(".") + ".";
        need(help, missing, prefix + "usage.description", "usage.description");
        for (OptionSpec option : spec.options()) {
            if (option.hidden() || option.description().length == 0) {
                continue; // nothing a user reads
            }
            String name = option.longestName().replaceFirst("^-+", "");
            need(help, missing, prefix + name, name);
        }
        for (PositionalParamSpec parameter : spec.positionalParameters()) {
            if (parameter.hidden() || parameter.description().length == 0) {
                continue;
            }
            String name = parameter.paramLabel() + "[" + parameter.index() + "]";
            need(help, missing, prefix + name, name);
        }
        cli.getSubcommands().values().forEach(sub -> keys(sub, help, missing));
    }

    private static void need(ResourceBundle help, List<String> missing, String key, String sharedKey) {
        if (!help.containsKey(key) && !help.containsKey(key + ".0") && !help.containsKey(sharedKey)) {
            missing.add(key);
        }
    }
}
