package lockstep.algorithms.network;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The network between Lockstep's clients and its servers: one {@link ClientLink} (a loopback TCP proxy) per client,
 * so that faults can be done to one client's connection without touching the others or the server.
 *
 * <p>Guarantees: every link listens on 127.0.0.1 only and forwards only to loopback addresses, so nothing is reachable
 * from, or sent to, another machine. All links share ONE selector thread (non-blocking NIO), so a thousand clients
 * cost one thread, not two thousand. Every socket, buffer and state of every link is touched by that thread only:
 * other threads hand it a task and wait until it has run ({@link ClientLink} operations return once they took
 * effect). Bytes are forwarded untouched; only packet headers are read. The network logs nothing (session passwords
 * travel inside the connect handshake and are never looked at).
 *
 * <p>Steps: {@link #start()} opens the selector and starts its thread; {@link #link(String, String)} opens a link for
 * a client; {@link #close()} closes every link and stops the thread.
 */
public final class LoopbackNetwork implements AutoCloseable {

    /** The only address a link listens on or forwards to. */
    public static final String LOOPBACK = "127.0.0.1";

    /** How long a caller waits for the selector thread to run its task before giving up (it never should). */
    private static final long TASK_TIMEOUT_SECONDS = 30;

    private final Selector selector;
    private final Thread thread;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Map<String, ClientLink> links = new LinkedHashMap<>();
    /** Tasks to run on the selector thread at a time (nanoTime), earliest first; touched by that thread only. */
    private final java.util.PriorityQueue<Timed> timed = new java.util.PriorityQueue<>();
    private long timedSequence;
    private volatile boolean closed;

    private record Timed(long at, long sequence, Runnable task) implements Comparable<Timed> {
        @Override
        public int compareTo(Timed other) {
            int byTime = Long.compare(at, other.at);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }

    private LoopbackNetwork() throws IOException {
        this.selector = Selector.open();
        this.thread = new Thread(this::loop, "lockstep-network");
        thread.setDaemon(true);
    }

    /** Opens the network and starts its selector thread. */
    public static LoopbackNetwork start() throws IOException {
        LoopbackNetwork network = new LoopbackNetwork();
        network.thread.start();
        return network;
    }

    /**
     * Opens a link for {@code client} to the server at {@code targetHostPort} ({@code 127.0.0.1:PORT} or
     * {@code localhost:PORT}): a listening socket on a free port of 127.0.0.1.
     *
     * @throws IllegalArgumentException if the client already has a link or the target is not a loopback address
     */
    public ClientLink link(String client, String targetHostPort) {
        return link(client, loopbackAddress(targetHostPort));
    }

    /**
     * Opens a link for {@code client} to a server Lockstep did not start ({@code --connect}), which may be on another
     * machine: the link still listens on 127.0.0.1 only, so nothing becomes reachable from outside.
     */
    public ClientLink linkToExternal(String client, String targetHostPort) {
        int colon = targetHostPort.lastIndexOf(':');
        return link(client, new InetSocketAddress(targetHostPort.substring(0, colon),
                Integer.parseInt(targetHostPort.substring(colon + 1))));
    }

    private ClientLink link(String client, InetSocketAddress target) {
        return call(() -> {
            if (links.containsKey(client)) {
                throw new IllegalArgumentException("client " + client + " already has a link");
            }
            ClientLink link = new ClientLink(this, selector, client, target);
            links.put(client, link);
            return link;
        });
    }

    /** The link of {@code client}, if it has one. */
    public Optional<ClientLink> linkOf(String client) {
        return Optional.ofNullable(call(() -> links.get(client)));
    }

    /** Every open link, in the order they were opened. */
    public List<ClientLink> links() {
        return call(() -> List.copyOf(links.values()));
    }

    /** The selector thread's name, for tests and thread dumps. */
    public String threadName() {
        return thread.getName();
    }

    /** Closes every link and stops the selector thread; waits for it to end. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        runIfOpen(() -> {
            for (ClientLink link : List.copyOf(links.values())) {
                link.closeNow();
            }
            links.clear();
            closed = true;
        });
        closed = true;
        selector.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(TASK_TIMEOUT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void loop() {
        try {
            while (!closed) {
                Timed next = timed.peek();
                if (next == null) {
                    selector.select();
                } else {
                    long millis = TimeUnit.NANOSECONDS.toMillis(next.at() - System.nanoTime());
                    if (millis > 0) {
                        selector.select(millis);
                    } else {
                        selector.selectNow();
                    }
                }
                runTasks();
                runTimedTasks();
                Iterator<SelectionKey> ready = selector.selectedKeys().iterator();
                while (ready.hasNext()) {
                    SelectionKey key = ready.next();
                    ready.remove();
                    if (key.isValid() && key.attachment() instanceof Selectable selectable) {
                        handle(key, selectable);
                    }
                }
            }
            runTasks();
        } catch (IOException | ClosedSelectorException e) {
            closed = true;
        } finally {
            try {
                selector.close();
            } catch (IOException e) {
                // The thread ends either way; its sockets were closed with their links.
            }
        }
    }

    private static void handle(SelectionKey key, Selectable selectable) {
        try {
            selectable.ready(key);
        } catch (RuntimeException e) {
            // A key cancelled under our feet or a bug in one connection must not stop every other client's network.
            selectable.close();
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
    }

    private void runTimedTasks() {
        long now = System.nanoTime();
        while (!timed.isEmpty() && timed.peek().at() - now <= 0) {
            timed.poll().task().run();
        }
    }

    /** Runs {@code task} on the selector thread {@code delayNanos} from now; called on that thread only. */
    void later(long delayNanos, Runnable task) {
        timed.add(new Timed(System.nanoTime() + delayNanos, timedSequence++, task));
    }

    /** Runs {@code task} on the selector thread and returns its result once it has run. */
    <T> T call(Callable<T> task) {
        if (Thread.currentThread() == thread) {
            return callHere(task);
        }
        if (closed) {
            throw new IllegalStateException("the network is closed");
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        tasks.add(() -> {
            try {
                result.complete(task.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        selector.wakeup();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TASK_TIMEOUT_SECONDS);
        try {
            while (true) {
                try {
                    return result.get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    // A task queued just as the network closed would never run: do not wait for it.
                    if (!thread.isAlive() && !result.isDone()) {
                        throw new IllegalStateException("the network is closed");
                    }
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the network thread did not answer in "
                                + TASK_TIMEOUT_SECONDS + " s");
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the network", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw new IllegalStateException(cause);
        }
    }

    private static <T> T callHere(Callable<T> task) {
        try {
            return task.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    void run(Runnable task) {
        call(() -> {
            task.run();
            return null;
        });
    }

    /** Runs {@code task} on the selector thread unless the network is already closed (closing twice is no error). */
    void runIfOpen(Runnable task) {
        if (!closed) {
            try {
                run(task);
            } catch (IllegalStateException e) {
                if (!closed) {
                    throw e;
                }
            }
        }
    }

    void forget(ClientLink link) {
        runIfOpen(() -> links.remove(link.client(), link));
    }

    static InetSocketAddress loopbackAddress(String hostPort) {
        int colon = hostPort == null ? -1 : hostPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("expected HOST:PORT, got " + hostPort);
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected HOST:PORT with a numeric port, got " + hostPort);
        }
        InetAddress host;
        try {
            host = InetAddress.getByName(hostPort.substring(0, colon));
        } catch (IOException e) {
            throw new IllegalArgumentException("unknown host in " + hostPort);
        }
        if (!host.isLoopbackAddress()) {
            throw new IllegalArgumentException("a link forwards to loopback addresses only, not " + hostPort);
        }
        return new InetSocketAddress(host, port);
    }

    static String hostPort(InetSocketAddress address) {
        return address.getAddress().getHostAddress() + ":" + address.getPort();
    }
}
