package lockstep.algorithms.contract;

import java.util.OptionalInt;

class MultiLockContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "multilock";
    }

    /** On one lock it is sequential's decision on the same engine: sequential's contract counts that herd. */
    @Override
    protected OptionalInt notificationsForTenInTurn() {
        return OptionalInt.empty();
    }
}
