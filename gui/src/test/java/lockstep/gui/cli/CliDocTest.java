package lockstep.gui.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * docs/cli.md holds the help of {@code lockstep} and of every visible command, as the CLI prints it, between two
 * markers: this test fails when they differ, so the page cannot drift from the code. To write the section again
 * after changing a command (or merging one), run this test with {@code -Dlockstep.regenerate=true}:
 * <pre>mvn -B -ntp -pl gui -am -Dtest=CliDocTest -Dsurefire.failIfNoSpecifiedTests=false -Dlockstep.regenerate=true verify</pre>
 */
class CliDocTest {

    static final Path PAGE = Path.of("..", "docs", "cli.md");
    static final String BEGIN = "<!-- generated: lockstep help, for every command (CliDocTest) -->";
    static final String END = "<!-- end generated help -->";

    @Test
    void cliMdHoldsTheHelpOfEveryCommand() throws IOException {
        String page = Files.readString(PAGE);
        int begin = page.indexOf(BEGIN);
        int end = page.indexOf(END);
        assertTrue(begin >= 0 && end > begin, "docs/cli.md has no section between " + BEGIN + " and " + END);
        String expected = generated();
        String actual = page.substring(begin + BEGIN.length(), end);
        if (Boolean.getBoolean("lockstep.regenerate")) {
            if (!actual.equals(expected)) {
                Path temp = PAGE.resolveSibling(".cli.md.regenerated.tmp");
                Files.writeString(temp, page.substring(0, begin + BEGIN.length()) + expected + page.substring(end),
                        StandardCharsets.UTF_8);
                Files.move(temp, PAGE, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return;
        }
        assertEquals(expected, actual, "docs/cli.md's help section differs from the CLI's help: run CliDocTest with"
                + " -Dlockstep.regenerate=true to write it again");
    }

    /** The section: the root's help, then each visible command's, in the order lockstep --help lists them. */
    static String generated() {
        StringBuilder text = new StringBuilder("\n");
        text.append(block("lockstep --help", help()));
        CommandLine cli = Launcher.commandLine();
        cli.getSubcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                text.append(block("lockstep help " + name, help(name)));
            }
        });
        return text.toString();
    }

    private static String block(String command, String output) {
        return "\n### `" + command + "`\n\n```\n" + output.stripTrailing() + "\n```\n\n";
    }

    private static String help(String... command) {
        CommandLine cli = Launcher.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        String[] args = command.length == 0 ? new String[] {"--help"} : new String[] {"help", command[0]};
        assertEquals(0, cli.execute(args), () -> String.join(" ", args) + ": " + err);
        return out.toString().lines().map(String::stripTrailing).reduce((a, b) -> a + "\n" + b).orElse("");
    }
}
