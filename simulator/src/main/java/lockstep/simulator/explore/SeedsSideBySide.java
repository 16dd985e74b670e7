package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import lockstep.simulator.run.RunsOnOneServer;

/**
 * The seeds of a search run side by side by several workers, each on servers of its own, and taken back in seed
 * order: what lets a search use the machine while each run mostly waits for round trips.
 *
 * <p>Steps: {@code workers} servers (or embedded ensembles) are started at once, one per worker; each worker takes
 * the lowest seed nobody has taken yet and runs it on its own servers, so a {@code server restart} or {@code server
 * stop} in one run never touches another; the searcher {@link #take takes} the results back one seed after the
 * other, waiting for a seed still running. A worker runs at most {@value #AHEAD_PER_WORKER} seeds per worker beyond
 * the lowest seed not taken back yet, so a search that stops early (a finding) has wasted little.
 *
 * <p>Guarantees: each seed is run exactly once, by one worker, with nothing of another run on its servers; what
 * {@link #take} returns for a seed (its result, or the exception its run threw) does not depend on the number of
 * workers or on which worker ran it; {@link #close} lets the runs under way finish, starts no other, and closes
 * every server.
 */
final class SeedsSideBySide<R> implements AutoCloseable {

    /**
     * Seeds the workers may run ahead of the searcher, per worker: enough that a run that waits long (a stall waits
     * 30 s before it is called one) does not leave the other workers idle, few enough that a search that stops at a
     * finding has not run many seeds for nothing (a run is a fraction of a second).
     */
    static final int AHEAD_PER_WORKER = 25;

    /** One seed's run on one worker's servers. */
    @FunctionalInterface
    interface OneSeed<R> {
        R run(RunsOnOneServer servers, long seed) throws Exception;
    }

    private final List<RunsOnOneServer> servers;
    private final ExecutorService workers;
    private final long lastSeed;
    private final long ahead;
    private final Map<Long, CompletableFuture<R>> results = new HashMap<>();
    private long nextSeed;
    private long firstNotTaken;
    private boolean closed;

    private SeedsSideBySide(List<RunsOnOneServer> servers, long firstSeed, long lastSeed, OneSeed<R> oneSeed) {
        this.servers = servers;
        this.lastSeed = lastSeed;
        this.nextSeed = firstSeed;
        this.firstNotTaken = firstSeed;
        this.ahead = (long) AHEAD_PER_WORKER * servers.size();
        this.workers = Executors.newFixedThreadPool(servers.size(), runnable -> {
            Thread thread = new Thread(runnable, "lockstep-explore-worker");
            thread.setDaemon(true);
            return thread;
        });
        for (RunsOnOneServer own : servers) {
            workers.execute(() -> work(own, oneSeed));
        }
    }

    private void work(RunsOnOneServer own, OneSeed<R> oneSeed) {
        for (long seed = nextSeed(); seed >= 0; seed = nextSeed()) {
            CompletableFuture<R> result = result(seed);
            try {
                result.complete(oneSeed.run(own, seed));
            } catch (Throwable failed) {
                result.completeExceptionally(failed);
            }
        }
    }

    /** The lowest seed nobody took, once it is near enough the searcher; -1 when there is none to take. */
    private synchronized long nextSeed() {
        while (!closed && nextSeed <= lastSeed && nextSeed >= firstNotTaken + ahead) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return closed || nextSeed > lastSeed ? -1 : nextSeed++;
    }

    private synchronized CompletableFuture<R> result(long seed) {
        return results.computeIfAbsent(seed, s -> new CompletableFuture<>());
    }

    /**
     * The result of {@code seed}, waiting for its run; seeds must be taken in order, each once. An exception the
     * run threw is thrown here.
     */
    R take(long seed) throws Exception {
        CompletableFuture<R> result;
        synchronized (this) {
            if (seed != firstNotTaken) {
                throw new IllegalStateException("seed " + seed + " taken out of order (expected "
                        + firstNotTaken + ")");
            }
            result = result(seed);
        }
        try {
            return result.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception exception) {
                throw exception;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        } finally {
            synchronized (this) {
                results.remove(seed);
                firstNotTaken = seed + 1;
                notifyAll();
            }
        }
    }

    @Override
    public void close() throws Exception {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        workers.shutdown();
        // A run under way is let finish (each has its own stall detection); none is cut off half-way.
        while (!workers.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
            Thread.onSpinWait();
        }
        closeAll(servers);
    }

    /**
     * Starts {@code workers} servers (1: one server, 3 or 5: an embedded ensemble each) side by side, then runs
     * {@code firstSeed..lastSeed} on them as {@link #take} asks.
     */
    static <R> SeedsSideBySide<R> start(int workers, int ensemble, long firstSeed, long lastSeed, OneSeed<R> oneSeed)
            throws Exception {
        if (workers < 1) {
            throw new IllegalArgumentException("workers " + workers + " (expected 1 or more)");
        }
        return new SeedsSideBySide<>(startServers(workers, ensemble), firstSeed, lastSeed, oneSeed);
    }

    /** Starts the servers at once (a start is mostly waiting); if one fails, those started are closed. */
    static List<RunsOnOneServer> startServers(int count, int ensemble) throws Exception {
        ExecutorService starting = Executors.newFixedThreadPool(count);
        List<Future<RunsOnOneServer>> starts = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                starts.add(starting.submit(() -> RunsOnOneServer.start(ensemble)));
            }
            List<RunsOnOneServer> started = new ArrayList<>();
            Exception failure = null;
            for (Future<RunsOnOneServer> start : starts) {
                try {
                    started.add(start.get());
                } catch (ExecutionException e) {
                    failure = failure != null ? failure : e.getCause() instanceof Exception cause ? cause : e;
                }
            }
            if (failure != null) {
                closeAll(started);
                throw failure;
            }
            return started;
        } finally {
            starting.shutdown();
        }
    }

    /** Closes every server side by side (a close waits for the sessions closing in the background). */
    static void closeAll(List<RunsOnOneServer> servers) throws Exception {
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (RunsOnOneServer server : servers) {
            closing.add(CompletableFuture.runAsync(() -> {
                try {
                    server.close();
                } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            }));
        }
        try {
            CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new)).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
