package lockstep.algorithms;

import java.util.function.LongUnaryOperator;

/**
 * The exact number of notifications when N clients all ask for the lock and then release it one at a time (the herd
 * scenario), as a formula for the docs and a function for the tests and {@code lockstep herd}.
 *
 * @param formula in N, as the docs print it: {@code N(N-1)/2}
 * @param count   the same, computed
 */
public record HerdCount(String formula, LongUnaryOperator count) {

    /** The notifications for {@code clients} clients. */
    public long forClients(long clients) {
        return count.applyAsLong(clients);
    }

    /** One wake-up per release but the last: N-1. */
    public static HerdCount oneWakeUpPerRelease() {
        return new HerdCount("N-1", n -> n - 1);
    }
}
