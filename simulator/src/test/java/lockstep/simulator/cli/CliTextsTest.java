package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.ResourceBundle;

import lockstep.algorithms.text.BundleAudit;
import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.TextBundles;
import lockstep.algorithms.text.Texts;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Invariant;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.FaultTexts;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.text.SimulatorTexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The CLI's texts: every bundle complete in every language (the key-completeness test, on this module's class path),
 * the English help bundle saying exactly what the annotations say, every command and option having its key, and
 * {@code --lang} choosing the language of one execution.
 */
class CliTextsTest {

    @Test
    void everyRegisteredBundleIsCompleteInEveryLanguage() {
        assertTrue(TextBundles.registered().containsAll(List.of(SimulatorTexts.HELP, SimulatorTexts.MESSAGES)));
        assertEquals(List.of(), BundleAudit.problemsOfEveryBundle());
        assertEquals(List.of(), BundleAudit.unregistered(Path.of("target", "classes"), TextBundles.registered()));
    }

    @Test
    void theEnglishHelpSaysWhatTheAnnotationsSay() {
        List<String> differences = new ArrayList<>();
        compare(LockstepCommand.commandLine(), differences);
        assertEquals(List.of(), differences);
    }

    /** A bundle without keys: picocli then shows the annotations' texts. */
    private static final ResourceBundle NOTHING = new ListResourceBundle() {
        @Override
        protected Object[][] getContents() {
            return new Object[0][];
        }
    };

    private static void compare(CommandLine cli, List<String> differences) {
        cli.setResourceBundle(NOTHING);
        String annotated = usage(cli);
        cli.setResourceBundle(SimulatorTexts.help(Language.EN));
        String bundled = usage(cli);
        if (!annotated.equals(bundled)) {
            differences.add(cli.getCommandSpec().qualifiedName() + ":\n" + annotated + "\n---\n" + bundled);
        }
        cli.getSubcommands().values().forEach(sub -> compare(sub, differences));
    }

    private static String usage(CommandLine cli) {
        StringWriter text = new StringWriter();
        cli.usage(new PrintWriter(text, true), CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        return text.toString();
    }

    @Test
    void everyCommandOptionAndParameterHasItsKey() {
        ResourceBundle help = SimulatorTexts.help(Language.EN);
        List<String> missing = new ArrayList<>();
        keys(LockstepCommand.commandLine(), help, missing);
        assertEquals(List.of(), missing);
    }

    private static void keys(CommandLine cli, ResourceBundle help, List<String> missing) {
        CommandSpec spec = cli.getCommandSpec();
        String prefix = spec.qualifiedName(".") + ".";
        need(help, missing, prefix + "usage.description", "usage.description");
        for (OptionSpec option : spec.options()) {
            String name = option.longestName().replaceFirst("^-+", "");
            need(help, missing, prefix + name, name);
        }
        for (PositionalParamSpec parameter : spec.positionalParameters()) {
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

    @Test
    void langChoosesTheLanguageOfOneExecution() {
        Cli.Result russian = Cli.run("--lang", "ru", "list");
        assertEquals(0, russian.exit(), russian::toString);
        assertTrue(russian.out().startsWith("АЛГОРИТМ"), russian::toString);
        Cli.Result chinese = Cli.run("list", "--lang=zh");
        assertTrue(chinese.out().startsWith("算法"), chinese::toString);
        assertEquals(Language.EN, Texts.language());
        Cli.Result english = Cli.run("list");
        assertTrue(english.out().startsWith("ALGORITHM"), english::toString);
    }

    @Test
    void helpSpeaksTheLanguage() {
        Cli.Result help = Cli.run("--lang", "zh", "help", "run");
        assertEquals(0, help.exit(), help::toString);
        assertTrue(help.out().startsWith("用法: lockstep run"), help::toString);
    }

    @Test
    void aTraceIsTheSameWhateverTheLanguage(@TempDir Path dir) throws IOException {
        // 04: the holder crashes, a fault whose detail the trace keeps; 10: a finding (an unfenced write).
        for (String scenario : List.of("04", "10")) {
            Path english = dir.resolve(scenario + "-en.jsonl");
            Path chinese = dir.resolve(scenario + "-zh.jsonl");
            Path russian = dir.resolve(scenario + "-ru.jsonl");
            Cli.Result en = Cli.run("--lang", "en", "run", scenario, "--algorithm", "sequential", "--trace",
                    english.toString());
            Cli.Result zh = Cli.run("--lang", "zh", "run", scenario, "--algorithm", "sequential", "--trace",
                    chinese.toString());
            Cli.Result ru = Cli.run("run", scenario, "--lang", "ru", "--algorithm", "sequential", "--trace",
                    russian.toString());
            assertEquals(en.exit(), zh.exit(), zh::toString);
            assertEquals(en.exit(), ru.exit(), ru::toString);
            assertArrayEquals(Files.readAllBytes(english), Files.readAllBytes(chinese), scenario);
            assertArrayEquals(Files.readAllBytes(english), Files.readAllBytes(russian), scenario);
            assertTrue(zh.out().contains("获取次数"), zh::toString);
            assertTrue(ru.out().contains("захваты"), ru::toString);
        }
    }

    @Test
    void theRegistriesEnglishIsTheBundlesEnglish() {
        List<String> differences = new ArrayList<>();
        for (Fault fault : Faults.all()) {
            if (!fault.description().equals(FaultTexts.description(fault))) {
                differences.add(fault.name() + ": " + fault.description() + " / " + FaultTexts.description(fault));
            }
        }
        for (Invariant invariant : Checker.invariants()) {
            if (!invariant.sentence().equals(invariant.localSentence())) {
                differences.add(invariant.kind() + ": " + invariant.sentence() + " / " + invariant.localSentence());
            }
        }
        assertEquals(List.of(), differences);
    }

    @Test
    void anUnknownLanguageIsOneLineAndExitTwo() {
        Cli.Result result = Cli.run("--lang", "xx", "list");
        assertEquals(LockstepCommand.BAD_INPUT, result.exit());
        assertEquals(List.of("lockstep: --lang: unknown language 'xx' (expected one of en, zh, ru)"),
                result.errLines());
        Cli.Result russian = Cli.run("--lang", "ru", "list", "--tree");
        assertEquals(LockstepCommand.BAD_INPUT, russian.exit());
        assertTrue(russian.err().startsWith("lockstep list: неизвестный параметр '--tree'"), russian::toString);
    }
}
