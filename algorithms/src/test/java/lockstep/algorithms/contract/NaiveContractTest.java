package lockstep.algorithms.contract;

import java.util.Optional;
import java.util.OptionalInt;

class NaiveContractTest extends LockContract {

    @Override
    protected String algorithm() {
        return "naive";
    }

    @Override
    protected Optional<String> notFair() {
        return Optional.of("whoever's create reaches the server first wins, whatever the order of the requests");
    }

    @Override
    protected OptionalInt notificationsForTenInTurn() {
        return OptionalInt.of(45); // every release wakes every waiter: 9 + 8 + ... + 1
    }
}
