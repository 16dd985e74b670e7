package lockstep.gui.render;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import javafx.application.Platform;

/**
 * Starts the JavaFX toolkit without a display (Monocle's headless platform, software rendering) and runs work on its
 * thread. The system properties must be set before the toolkit starts, so this is the first JavaFX call a headless
 * command makes.
 */
public final class HeadlessFx {

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private HeadlessFx() {
    }

    /** Starts the headless toolkit once per JVM (a toolkit already running, e.g. under TestFX, is reused). */
    public static synchronized void start() {
        if (STARTED.get()) {
            return;
        }
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("prism.text", "t2k");
        System.setProperty("java.awt.headless", "true");
        quietPlatformWarning();
        CountDownLatch ready = new CountDownLatch(1);
        try {
            Platform.startup(ready::countDown);
            if (!ready.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the JavaFX toolkit did not start");
            }
        } catch (IllegalStateException alreadyRunning) {
            if (!"Toolkit already initialized".equals(alreadyRunning.getMessage())) {
                throw alreadyRunning;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        Platform.setImplicitExit(false);
        STARTED.set(true);
    }

    /** JavaFX warns once about running from the classpath ("Unsupported JavaFX configuration"): it works, say nothing. */
    private static final java.util.logging.Logger PLATFORM_LOG =
            java.util.logging.Logger.getLogger("com.sun.javafx.application.PlatformImpl");

    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    public static void quietPlatformWarning() {
        PLATFORM_LOG.setLevel(java.util.logging.Level.SEVERE);
        JAVAFX_LOG.setLevel(java.util.logging.Level.SEVERE);
    }

    /** A task that runs on the FX thread and may throw. */
    @FunctionalInterface
    public interface FxTask<T> {
        T run() throws Exception;
    }

    /** Runs {@code task} on the FX thread and waits for its result (directly when already on it). */
    public static <T> T call(FxTask<T> task) throws Exception {
        if (Platform.isFxApplicationThread()) {
            return task.run();
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(task.run());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            return result.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
