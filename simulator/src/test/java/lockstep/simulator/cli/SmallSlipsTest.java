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
}
