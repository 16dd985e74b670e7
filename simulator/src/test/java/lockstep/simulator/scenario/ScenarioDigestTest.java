package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import lockstep.simulator.LockstepVersion;

/**
 * A scenario's digest (what a trace's header records) depends on what a run depends on and on nothing else: not the
 * file's name, comments or spacing, nor the servers; an edited step or title changes it. Pure: no server.
 */
class ScenarioDigestTest {

    private static final String YAML = """
            title: Two clients
            clients: 2
            script:
              - c1 acquire
              - c2 acquire
              - c1 release
            """;

    private static String digest(String name, String yaml) throws Exception {
        return ScenarioDigest.of(ScenarioLoader.parse(name, yaml));
    }

    @Test
    void theSameScenarioUnderAnotherNameWithCommentsAndSpacingHasTheSameDigest() throws Exception {
        String digest = digest("a.yaml", YAML);
        assertTrue(digest.matches("sha256:[0-9a-f]{64}"), digest);
        assertEquals(digest, digest("copy/b.yaml", "# a copy\n" + YAML.replace("clients: 2", "clients:   2  # two")));
        assertEquals(digest, ScenarioDigest.of(ScenarioLoader.parse("a.yaml", YAML).withEnsemble(3)),
                "the servers are recorded by server-role events, not the digest");
    }

    @Test
    void anEditedStepOrTitleChangesIt() throws Exception {
        String digest = digest("a.yaml", YAML);
        assertNotEquals(digest, digest("a.yaml", YAML.replace("- c1 release", "- c2 release")));
        assertNotEquals(digest, digest("a.yaml", YAML.replace("Two clients", "Two clients, edited")));
        assertNotEquals(digest, digest("a.yaml", YAML + "  - c2 release\n"));
        assertEquals("0123456789ab", ScenarioDigest.shortForm("sha256:0123456789abcdef"));
    }

    @Test
    void theVersionTracesRecordIsTheBuildsVersion() throws Exception {
        Matcher version = Pattern.compile("<artifactId>lockstep-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("..", "pom.xml")));
        assertTrue(version.find(), "the root pom's version");
        assertEquals(version.group(1).replace("-SNAPSHOT", ""), LockstepVersion.VERSION);
    }
}
