package lockstep.algorithms.contract;

import java.util.OptionalInt;

class ChildrenWatchContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "children-watch";
    }

    /**
     * The registry's N(N-1)+1 is exact in lockstep mode (HerdCountsTest). On free threads a change can come before a
     * woken waiter has listed the children again with a new watch, and one notification then stands for two.
     */
    @Override
    protected OptionalInt notificationsForTenInTurn() {
        return OptionalInt.empty();
    }
}
