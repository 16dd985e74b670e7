package lockstep.algorithms.contract;

class CuratorMutexContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "curator-mutex";
    }
}
