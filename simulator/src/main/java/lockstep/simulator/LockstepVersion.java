package lockstep.simulator;

/**
 * Lockstep's version, as {@code lockstep --version} prints it and as every trace's {@code run-started} event records
 * it ({@code lockstepVersion}). A constant, not read from the build, so that the same sources write the same trace
 * byte for byte; {@code ScenarioDigestTest} keeps it equal to the version in the root {@code pom.xml} (without
 * {@code -SNAPSHOT}).
 */
public final class LockstepVersion {

    /** The version: {@code MAJOR.MINOR.PATCH}. */
    public static final String VERSION = "0.1.0";

    private LockstepVersion() {
    }
}
