package lockstep.simulator.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.session.Connection;

/**
 * The sessions of one algorithm at one client count, free-running: each client its own real session, and in each
 * slice each client loops acquire, hold, release on a fresh lock path as fast as it can until the slice's time is up.
 *
 * <p>Steps of a slice: reset the seam counters; start every worker behind one gate; each worker asks (zeroing its
 * notification counter first), holds (telling {@link Holders}), releases, and records the acquire latency; the slice
 * ends when the last worker has released after the deadline. Guarantees: the figures count only this slice's calls and
 * notifications (nothing else runs on these sessions between slices); a worker's failure fails the slice.
 */
final class ContendingClients implements AutoCloseable {

    /** What one slice measured. */
    record SliceResult(long acquisitions, long elapsedNanos, long[] latencyNanos, long calls, long notifications,
                       long usefulWakeups, int maxHolders, boolean violated) {

        double acquisitionsPerSecond() {
            return acquisitions / (elapsedNanos / 1e9);
        }
    }

    private final Algorithms.Info algorithm;
    private final List<LockClient> clients;
    private final SeamCounters counters;
    private final ExecutorService workers;

    private ContendingClients(Algorithms.Info algorithm, List<LockClient> clients, SeamCounters counters) {
        this.algorithm = algorithm;
        this.clients = clients;
        this.counters = counters;
        this.workers = Executors.newFixedThreadPool(clients.size(), runnable -> {
            Thread thread = new Thread(runnable, "bench-" + algorithm.name());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Connects {@code count} clients of {@code algorithm}, side by side. */
    static ContendingClients connect(Algorithms.Info algorithm, int count, String connectString) throws Exception {
        return connect(algorithm, count, connectString, lockstep.algorithms.session.Credentials.NONE);
    }

    /** {@link #connect(Algorithms.Info, int, String)} with sessions that authenticate with {@code identity}. */
    static ContendingClients connect(Algorithms.Info algorithm, int count, String connectString,
                                     lockstep.algorithms.session.Credentials identity) throws Exception {
        SeamCounters counters = new SeamCounters();
        Connection connection = Connection.to(connectString).withListener(counters).withCredentials(identity);
        List<LockClient> clients = Parallel.map(count, i -> algorithm.connect(algorithm.name() + "-c" + (i + 1),
                connection));
        return new ContendingClients(algorithm, clients, counters);
    }

    String name() {
        return algorithm.name();
    }

    int size() {
        return clients.size();
    }

    /**
     * One slice: every client loops on {@code lockPath} until {@code length} has passed.
     *
     * @param permits   the lock's permits: above 1 a semaphore (for an algorithm flagged {@code permits}; any other
     *                  refuses the lock), up to that many clients holding at once
     * @param readRatio the share of requests that are reads (only for a read/write lock; others always write)
     */
    SliceResult slice(String lockPath, int permits, long lengthNanos, long holdNanos, double readRatio, long seed)
            throws Exception {
        counters.reset();
        Holders holders = new Holders(permits);
        CountDownLatch gate = new CountDownLatch(1);
        long[] deadline = new long[1];
        List<Future<long[]>> runs = new ArrayList<>();
        AtomicInteger useful = new AtomicInteger();
        for (int i = 0; i < clients.size(); i++) {
            LockClient client = clients.get(i);
            DistributedLock write = permits > 1
                    ? client.lock(lockstep.algorithms.LockTarget.semaphore(lockPath, permits), LockMode.EXCLUSIVE)
                    : client.lock(lockPath, algorithm.isShared() ? LockMode.WRITE : LockMode.EXCLUSIVE);
            DistributedLock read = algorithm.isShared() ? client.lock(lockPath, LockMode.READ) : write;
            AtomicInteger notified = counters.notificationsOf(client.name());
            Random random = new Random(seed + i);
            runs.add(workers.submit(() -> {
                LongList latencies = new LongList();
                gate.await();
                long end = deadline[0];
                do { // at least once, however late this thread starts on a busy machine
                    boolean reader = read != write && random.nextDouble() < readRatio;
                    DistributedLock lock = reader ? read : write;
                    notified.set(0);
                    long asked = System.nanoTime();
                    lock.acquire();
                    latencies.add(System.nanoTime() - asked);
                    if (notified.getAndSet(0) > 0) {
                        useful.incrementAndGet();
                    }
                    holders.enter(reader);
                    if (holdNanos > 0) {
                        // The workload's own hold time, not a synchronisation.
                        TimeUnit.NANOSECONDS.sleep(holdNanos);
                    }
                    holders.leave(reader);
                    lock.release();
                } while (System.nanoTime() < end);
                return latencies.toArray();
            }));
        }
        long start = System.nanoTime();
        deadline[0] = start + lengthNanos;
        gate.countDown(); // the latch publishes deadline[0] to the workers
        List<long[]> all = new ArrayList<>();
        for (Future<long[]> run : runs) {
            all.add(run.get(lengthNanos / 1_000_000 + 120_000, TimeUnit.MILLISECONDS));
        }
        long elapsed = System.nanoTime() - start;
        LongList latencies = new LongList();
        for (long[] some : all) {
            latencies.addAll(some);
        }
        return new SliceResult(latencies.size(), elapsed, latencies.toArray(), counters.calls(),
                counters.notifications(), useful.get(), holders.most(), holders.violated());
    }

    @Override
    public void close() {
        workers.shutdownNow();
        Parallel.forEach(clients, LockClient::close);
    }

    /** A growable array of longs. */
    static final class LongList {
        private long[] values = new long[256];
        private int size;

        void add(long value) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        void addAll(long[] more) {
            for (long value : more) {
                add(value);
            }
        }

        int size() {
            return size;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }
}
