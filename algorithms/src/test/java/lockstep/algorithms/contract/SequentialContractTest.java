package lockstep.algorithms.contract;

class SequentialContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "sequential";
    }
}
