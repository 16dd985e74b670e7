package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/your-own-lock.md: the example files it includes are the files the tests run (regenerated with
 * {@code -Dlockstep.regenerate=true}), its other quotes are in them, and each example of its table gets its verdict;
 * the same lock given as a jar.
 */
class YourOwnLockDocTest {

    private static final Path DOC = Path.of("..", "docs", "your-own-lock.md");
    private static final Pattern INCLUDE = Pattern.compile(
            "<!-- include: (\\S+) -->\\n```java\\n(.*?)```\\n<!-- end include -->", Pattern.DOTALL);

    @Test
    void theIncludedExamplesAreTheFilesTheTestsRun() throws Exception {
        String doc = Files.readString(DOC);
        Matcher include = INCLUDE.matcher(doc);
        StringBuilder regenerated = new StringBuilder();
        int includes = 0;
        while (include.find()) {
            includes++;
            String file = Files.readString(Path.of("..").resolve(include.group(1)));
            include.appendReplacement(regenerated, Matcher.quoteReplacement("<!-- include: " + include.group(1)
                    + " -->\n```java\n" + file + "```\n<!-- end include -->"));
        }
        include.appendTail(regenerated);
        assertTrue(includes > 0, "the doc includes an example");
        if (Boolean.getBoolean("lockstep.regenerate")) {
            Files.writeString(DOC, regenerated.toString());
        }
        assertEquals(regenerated.toString(), doc, "run with -Dlockstep.regenerate=true to include the files again");
        assertTrue(Files.readString(Path.of("..", "docs", "examples", "AssumeOnWakeLock.java"))
                .contains("        held = true; // BUG: woken means \"my turn\"; the children are not looked at again"));
    }

    @Test
    void theLockThatForgetsItsNodeWhenTheCreateReplyIsLostIsAStuckWaiter(@TempDir Path out) throws Exception {
        Cli.Result found = Cli.run("explore", "--lock", "../docs/examples/ForgetsItsNodeLock.java", "--seeds",
                "1..200", "--out", out.toString(), "--json");
        assertEquals(1, found.exit(), found.toString());
        assertEquals("stuck-waiter", new ObjectMapper().readTree(found.out()).get("findings").get(0).get("kind")
                .asText(), found.toString());
    }

    /**
     * The read/write lock that walks a stale list of children: the story its doc tells, run once (explore finds it at
     * seed 17 of 1..200 and shrinks it to three lines, recorded in docs/your-own-lock.md; a search here would cost a
     * shrink of some fifty runs).
     */
    @Test
    void theReadWriteLockThatWalksAStaleListLetsAWriterInBesideAReader(@TempDir Path dir) throws Exception {
        Path story = dir.resolve("stale.yaml");
        Files.writeString(story, "title: stale\nclients: 3\nscript:\n  - c1 acquire read\n  - c2 acquire read\n"
                + "  - c3 acquire write\n  - c2 release\n");
        Cli.Result result = Cli.run("run", story.toString(), "--lock",
                "../docs/examples/StaleChildrenReadWriteLock.java", "--json");
        assertEquals(1, result.exit(), result.toString());
        JsonNode violation = new ObjectMapper().readTree(result.out()).get("results").get(0).get("violations").get(0);
        assertEquals("mutual-exclusion", violation.get("kind").asText(), result.toString());
        assertEquals("event 34: c1 (read) and c3 (write) hold the lock at the same time (mutual exclusion)",
                violation.get("message").asText());
    }

    @Test
    void theLockOnCuratorExploresClean(@TempDir Path out) throws Exception {
        Cli.Result result = Cli.run("explore", "--lock", "../docs/examples/WrappedCuratorLock.java", "--seeds", "1..4",
                "--out", out.toString(), "--json");
        assertEquals(0, result.exit(), result.toString());
    }

    @Test
    void aJarGivesTheSameLockWithOrWithoutItsClassName(@TempDir Path dir) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int compiled = javac.run(null, null, null, "-d", dir.toString(), "-cp", System.getProperty("java.class.path"),
                "../docs/examples/PredecessorLock.java");
        assertEquals(0, compiled);
        Path jar = dir.resolve("locks.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("PredecessorLock.class"));
            out.write(Files.readAllBytes(dir.resolve("PredecessorLock.class")));
            out.closeEntry();
        }
        for (String lock : List.of(jar.toString(), jar + ":PredecessorLock")) {
            Cli.Result result = Cli.run("run", "01", "--lock", lock, "--json");
            assertEquals(0, result.exit(), result.toString());
            JsonNode run = new ObjectMapper().readTree(result.out()).get("results").get(0);
            assertEquals("PredecessorLock", run.get("algorithm").asText());
        }
        Cli.Result wrongClass = Cli.run("run", "01", "--lock", jar + ":Nope");
        assertEquals(2, wrongClass.exit(), wrongClass.toString());
        assertEquals(jar + ":Nope: no class Nope in " + jar + " (expected one of PredecessorLock)\n",
                wrongClass.err());
    }
}
