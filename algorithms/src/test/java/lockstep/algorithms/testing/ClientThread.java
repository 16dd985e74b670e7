package lockstep.algorithms.testing;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One client's own thread: everything a client does runs here, in order (Curator's locks must be released by the
 * thread that acquired them).
 */
public final class ClientThread implements AutoCloseable {

    private final ExecutorService executor;
    private final AtomicReference<Thread> thread = new AtomicReference<>();

    public ClientThread(String name) {
        executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread t = new Thread(runnable, "client-" + name);
            t.setDaemon(true);
            thread.set(t);
            return t;
        });
        // Start the thread now so thread() is known before the first task.
        submit(() -> null).join();
    }

    public <T> CompletableFuture<T> submit(Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Future<?> ignored = executor.submit(() -> {
            try {
                result.complete(task.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    public Thread thread() {
        return thread.get();
    }

    public void interrupt() {
        thread.get().interrupt();
    }

    @Override
    public void close() throws InterruptedException {
        executor.shutdownNow();
        executor.awaitTermination(10, TimeUnit.SECONDS);
    }
}
