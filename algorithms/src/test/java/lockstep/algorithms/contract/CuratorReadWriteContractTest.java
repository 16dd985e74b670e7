package lockstep.algorithms.contract;

import java.util.Optional;
import java.util.OptionalInt;

class CuratorReadWriteContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "curator-rwlock";
    }
}
