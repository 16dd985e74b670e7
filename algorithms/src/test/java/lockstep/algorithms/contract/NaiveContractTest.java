package lockstep.algorithms.contract;

class NaiveContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "naive";
    }
}
