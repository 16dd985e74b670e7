package lockstep.algorithms.contract;

class MultiLockContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "multilock";
    }
}
