package lockstep.algorithms.contract;

import java.util.Optional;
import java.util.OptionalInt;

class ChildrenWatchContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "children-watch";
    }

    @Override
    protected boolean waitersWatchTheChildrenList() {
        return true;
    }
}
