package lockstep.algorithms.contract;

import java.util.OptionalInt;

class SemaphoreContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "semaphore";
    }

    /**
     * With one permit the semaphore is the children-watch lock: its N(N-1)+1 is exact in lockstep mode
     * (HerdCountsTest), but on free threads a change can come before a woken waiter has listed the children again.
     */
    @Override
    protected OptionalInt notificationsForTenInTurn() {
        return OptionalInt.empty();
    }
}
