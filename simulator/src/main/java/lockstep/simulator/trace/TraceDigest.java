package lockstep.simulator.trace;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The digest a trace's {@code run-ended} line carries: SHA-256 of every line before it, each as written with its
 * newline, so {@code "sha256:"} and 64 hex digits. It is what lets a plain {@code check} tell a trace as its run wrote
 * it from one with an event deleted, swapped, duplicated or renumbered, or with another algorithm's name in its
 * header: the file no longer matches its own digest.
 *
 * <p>It is a checksum, not a signature: anyone can compute it, so it stops an edit, not a forger who writes the digest
 * again. What a forger cannot make is a trace that a new run of the recorded scenario writes byte for byte: that is
 * {@code check --rerun}.
 */
final class TraceDigest {

    private static final String PREFIX = "sha256:";

    private final MessageDigest sha256;

    TraceDigest() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Takes in one line, without its newline (the newline is counted here, as every line of a trace has one). */
    void line(String text) {
        sha256.update(text.getBytes(StandardCharsets.UTF_8));
        sha256.update((byte) '\n');
    }

    /** The digest of the lines taken in so far. Reading it does not end the digest. */
    String value() {
        try {
            return PREFIX + HexFormat.of().formatHex(((MessageDigest) sha256.clone()).digest());
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's SHA-256 can be cloned", e);
        }
    }

    /** A short form for messages: the prefix and 12 hex digits. */
    static String shortForm(String digest) {
        return digest.length() > PREFIX.length() + 12 ? digest.substring(0, PREFIX.length() + 12) + "..." : digest;
    }
}
