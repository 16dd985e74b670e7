package lockstep.algorithms.contract;

class CuratorMultiLockContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "curator-multilock";
    }
}
