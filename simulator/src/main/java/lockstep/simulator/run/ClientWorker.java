package lockstep.simulator.run;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A client's own thread. Everything a client does runs here, one action at a time, as in a real process; Curator's
 * locks also insist that the thread that acquired is the one that releases.
 */
final class ClientWorker implements AutoCloseable {

    private final ExecutorService executor;
    private final AtomicReference<Thread> thread = new AtomicReference<>();

    ClientWorker(String client) {
        executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread t = new Thread(runnable, "lockstep-" + client);
            t.setDaemon(true);
            thread.set(t);
            return t;
        });
        submit(() -> null).join(); // start the thread, so thread() is known
    }

    <T> CompletableFuture<T> submit(Callable<T> action) {
        CompletableFuture<T> result = new CompletableFuture<>();
        executor.execute(() -> {
            try {
                result.complete(action.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    Thread thread() {
        return thread.get();
    }

    void interrupt() {
        thread.get().interrupt();
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
