package lockstep.algorithms.contract;

import java.util.Optional;
import java.util.OptionalInt;

class ReadWriteContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "rwlock";
    }
}
