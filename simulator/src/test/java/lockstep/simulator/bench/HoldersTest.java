package lockstep.simulator.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The benchmark's safety check: a writer holds alone; readers may share; a semaphore's N holders may share. */
class HoldersTest {

    @Test
    void twoWritersAtOnceAreAViolation() {
        Holders holders = new Holders();
        holders.enter(false);
        holders.enter(false);
        assertTrue(holders.violated());
        assertEquals(2, holders.most());
    }

    @Test
    void writersOneAfterAnotherAreFine() {
        Holders holders = new Holders();
        for (int i = 0; i < 3; i++) {
            holders.enter(false);
            holders.leave(false);
        }
        assertFalse(holders.violated());
        assertEquals(1, holders.most());
    }

    @Test
    void readersShareButNotWithAWriter() {
        Holders holders = new Holders();
        holders.enter(true);
        holders.enter(true);
        assertFalse(holders.violated());
        assertEquals(2, holders.most());
        holders.enter(false);
        assertTrue(holders.violated());
    }

    @Test
    void aSemaphoreAdmitsItsPermitsAndNoMore() {
        Holders holders = new Holders(3);
        for (int i = 0; i < 3; i++) {
            holders.enter(false);
        }
        assertFalse(holders.violated());
        assertEquals(3, holders.most());
        holders.enter(false);
        assertTrue(holders.violated());
        assertEquals(4, holders.most());
    }
}
