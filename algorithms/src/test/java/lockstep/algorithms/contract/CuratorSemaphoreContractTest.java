package lockstep.algorithms.contract;

class CuratorSemaphoreContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "curator-semaphore";
    }
}
