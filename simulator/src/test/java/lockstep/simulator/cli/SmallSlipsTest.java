package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Slips on the command line are named for what they are, not taken for something else. */
class SmallSlipsTest {

    @Test
    void anAlgorithmListOfNothingIsRefusedNotTakenForTheDefault() {
        Cli.Result result = Cli.run("run", "01", "--algorithm", ",");
        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().startsWith("lockstep run: --algorithm: empty algorithm name (expected one of "),
                result::toString);
        assertEquals("", result.out());
    }

    @Test
    void aSeedTooLargeIsCalledTooLarge() {
        Cli.Result result = Cli.run("run", "01", "--seed", "99999999999999999999");
        assertEquals(2, result.exit(), result::toString);
        assertEquals("lockstep run: --seed: seed 99999999999999999999 is too large (expected at most "
                + Long.MAX_VALUE + ")", result.err().strip());
    }

    /** A server fault is done to the server: "cannot kill the leader", not "the leader cannot kill". */
    @Test
    void aRefusedServerFaultNamesTheServerAsItsObject(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path scenario = java.nio.file.Files.writeString(dir.resolve("kill.yaml"), """
                title: the leader of one server
                clients: 1
                script:
                  - c1 acquire
                  - server leader kill
                """);
        Cli.Result result = Cli.run("run", scenario.toString(), "--algorithm", "sequential");
        assertEquals(2, result.exit(), result::toString);
        assertEquals(scenario + ":5:5: cannot kill the leader: the run has one server (expected an ensemble: "
                + "'ensemble: 3' in the scenario or --ensemble 3)", result.err().strip());
    }
}
