package lockstep.simulator.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Opening and closing many sessions side by side: a ZooKeeper handle takes about 100 ms to close and a few to open,
 * nearly all of it waiting, so doing them one after another is what makes a large run slow.
 */
final class Parallel {

    /** At most this many opens or closes at once. */
    private static final int WIDTH = 64;

    /** One step that may fail. */
    @FunctionalInterface
    interface Indexed<T> {
        T make(int index) throws Exception;
    }

    private Parallel() {
    }

    /** {@code make(0..count-1)}, side by side, in index order; the first failure is thrown. */
    static <T> List<T> map(int count, Indexed<T> make) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(WIDTH, count)), daemon());
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int index = i;
                futures.add(pool.submit(() -> make.make(index)));
            }
            List<T> made = new ArrayList<>();
            Exception failure = null;
            for (Future<T> future : futures) {
                try {
                    made.add(future.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    failure = failure != null ? failure
                            : e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
                }
            }
            if (failure != null) {
                throw failure;
            }
            return made;
        } finally {
            pool.shutdown();
        }
    }

    /** {@code step} on each, side by side, waiting for all; failures are ignored (closing is best effort). */
    static <T> void forEach(List<T> items, Consumer<T> step) {
        if (items.isEmpty()) {
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(WIDTH, items.size()), daemon());
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (T item : items) {
                futures.add(pool.submit(() -> step.accept(item)));
            }
            for (Future<?> future : futures) {
                try {
                    future.get();
                } catch (Exception e) {
                    // best effort
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return runnable -> {
            Thread thread = new Thread(runnable, "bench-parallel");
            thread.setDaemon(true);
            return thread;
        };
    }
}
