package lockstep.algorithms.contract;

class CuratorSemaphoreMutexContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "curator-semaphore-mutex";
    }
}
