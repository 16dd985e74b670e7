package lockstep.simulator.scenario;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A scenario's digest, as a trace's {@code run-started} event records it ({@code scenarioDigest}):
 * {@code "sha256:"} and the SHA-256, in lower-case hex, of the scenario's canonical text, the UTF-8 bytes of the YAML
 * {@link ScenarioWriter} writes for it, with {@code ensemble: 1}.
 *
 * <p>Why the canonical text and not the file's bytes: every scenario a run plays has one (a built-in, a file, the
 * window's editor, one {@code explore} made up), and it holds what the run depends on (title, clients, keys, every
 * step and every text of it) and nothing that does not (comments, spacing, quoting, the file's name: a copy under
 * another name is the same scenario). The servers are left out (ensemble 1) because a trace records them in its
 * {@code server-role} events and a run replays on as many as it had. What moves a step to another line without
 * changing it gives the same digest; the re-run then shows the moved {@code line} as the first difference.
 */
public final class ScenarioDigest {

    /** What every digest starts with: the hash function's name. */
    public static final String PREFIX = "sha256:";

    private ScenarioDigest() {
    }

    /** The digest of {@code scenario}: {@code sha256:} and 64 hex digits. Pure and deterministic. */
    public static String of(Scenario scenario) {
        byte[] canonical = ScenarioWriter.write(scenario.withEnsemble(1)).getBytes(StandardCharsets.UTF_8);
        try {
            return PREFIX + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256 (MessageDigest's contract): its absence is a broken JDK.
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** The first 12 hex digits of {@code digest}: enough for a person to tell two apart in a message. */
    public static String shortForm(String digest) {
        String hex = digest.startsWith(PREFIX) ? digest.substring(PREFIX.length()) : digest;
        return hex.length() <= 12 ? hex : hex.substring(0, 12);
    }
}
