package lockstep.algorithms.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import lockstep.algorithms.registry.Algorithms;

/**
 * A newly registered correct algorithm must come with its run of the contract. The bug gallery's entries break it by
 * design; their expected finding is asserted by the simulator's gallery test instead.
 */
class EveryAlgorithmHasAContractTest {

    @Test
    void everyRegisteredAlgorithmRunsTheContract() {
        List<String> covered = Stream.of(new NaiveContractTest(), new ChildrenWatchContractTest(),
                        new SequentialContractTest(), new ReadWriteContractTest(), new CuratorMutexContractTest(),
                        new CuratorReadWriteContractTest(), new SemaphoreContractTest(),
                        new CuratorSemaphoreMutexContractTest(),
                        new CuratorSemaphoreContractTest(), new CuratorMultiLockContractTest(),
                        new MultiLockContractTest())
                .map(LockContract::algorithm).toList();
        assertEquals(Algorithms.all().stream().filter(info -> !info.isBug()).map(Algorithms.Info::name).toList(),
                covered);
    }
}
