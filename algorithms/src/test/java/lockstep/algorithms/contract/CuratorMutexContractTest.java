package lockstep.algorithms.contract;

import java.util.Optional;
import java.util.OptionalInt;

class CuratorMutexContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "curator-mutex";
    }

    @Override
    protected OptionalInt notificationsForTenInTurn() {
        return OptionalInt.of(9); // each release wakes exactly the next in line
    }
}
