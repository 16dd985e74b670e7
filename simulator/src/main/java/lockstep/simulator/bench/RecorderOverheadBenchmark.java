package lockstep.simulator.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.session.CallRecorder;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.session.SeamListener;

/**
 * What recording costs a free-running run: the same workload (clients taking a lock in turn as fast as they can, no
 * scheduler) with and without a {@link CallRecorder} on the seam, alternated so both see the same machine, reported as
 * the ratio of the medians. The machine is shared and noisy: trust the ratio, not the absolute times.
 */
public final class RecorderOverheadBenchmark {

    private static final int CLIENTS = 10;
    private static final int ROUNDS_PER_CLIENT = 100;
    private static final int PAIRS = 9;

    private RecorderOverheadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        run(System.out);
        System.exit(0);
    }

    public static void run(PrintStream out) throws Exception {
        out.printf("Recorder overhead: %d clients x %d acquisitions of 'sequential', free-running, %d pairs%n",
                CLIENTS, ROUNDS_PER_CLIENT, PAIRS);
        out.printf("machine: %d cores, Java %s%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
            workload(server, SeamListener.NONE, "/bench/warm-up"); // JIT and server warm-up, not counted
            double[] plain = new double[PAIRS];
            double[] recorded = new double[PAIRS];
            double[] ratios = new double[PAIRS];
            long calls = 0;
            for (int pair = 0; pair < PAIRS; pair++) {
                plain[pair] = workload(server, SeamListener.NONE, "/bench/plain-" + pair);
                CallRecorder recorder = new CallRecorder();
                recorded[pair] = workload(server, recorder, "/bench/recorded-" + pair);
                calls = recorder.entries().size();
                ratios[pair] = recorded[pair] / plain[pair];
            }
            double plainMedian = median(plain);
            double recordedMedian = median(recorded);
            out.printf("%-22s %10s %10s %10s%n", "", "median ms", "min ms", "max ms");
            out.printf("%-22s %10.1f %10.1f %10.1f%n", "without recorder", plainMedian, min(plain), max(plain));
            out.printf("%-22s %10.1f %10.1f %10.1f%n", "with recorder", recordedMedian, min(recorded),
                    max(recorded));
            out.printf("recorded entries per run: %d%n", calls);
            out.printf("ratio with/without: median of pairs %.3f (min %.3f, max %.3f); of medians %.3f%n",
                    median(ratios), min(ratios), max(ratios), recordedMedian / plainMedian);
        }
    }

    private static double workload(EmbeddedZooKeeper server, SeamListener listener, String lockPath)
            throws Exception {
        Connection connection = Connection.to(server.connectString()).withListener(listener);
        List<LockClient> clients = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            clients.add(Algorithms.get("sequential").connect("c" + (i + 1), connection));
        }
        ExecutorService threads = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<CompletableFuture<Void>> runs = new ArrayList<>();
            long start = System.nanoTime();
            for (LockClient client : clients) {
                DistributedLock lock = client.lock(lockPath, LockMode.EXCLUSIVE);
                runs.add(CompletableFuture.runAsync(() -> {
                    try {
                        for (int round = 0; round < ROUNDS_PER_CLIENT; round++) {
                            lock.acquire();
                            lock.release();
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, threads));
            }
            CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
            return (System.nanoTime() - start) / 1e6;
        } finally {
            threads.shutdownNow();
            clients.parallelStream().forEach(LockClient::close);
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(0);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(0);
    }
}
