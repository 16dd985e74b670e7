package lockstep.gui.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.user.UserLocks;
import lockstep.gui.source.SimulatorSource;

/** The window's algorithm picker offers a lock given with --lock beside the built-in ones, and adds its lane. */
class YourLockInThePickerTest {

    @Test
    void aLockGivenWithDashDashLockIsOfferedAndBecomesALane() throws Exception {
        UserLocks.add("../docs/examples/PredecessorLock.java");
        WorkbenchViewModel vm = new WorkbenchViewModel(new SimulatorSource(), Runnable::run, Runnable::run, null);
        vm.open("01", List.of("sequential"), null);
        assertEquals("", vm.errorProperty().get());

        assertTrue(vm.addableAlgorithms().contains("PredecessorLock"), vm.addableAlgorithms().toString());
        assertTrue(vm.addableAlgorithms().contains("naive"), "the built-in ones too");
        assertFalse(vm.addableAlgorithms().contains("sequential"), "a lane already");

        vm.addLane("PredecessorLock");
        assertEquals("", vm.errorProperty().get());
        assertEquals(List.of("sequential", "PredecessorLock"), vm.algorithms());
        assertFalse(vm.addableAlgorithms().contains("PredecessorLock"));
    }
}
