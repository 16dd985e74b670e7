package lockstep.simulator.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.server.Cluster;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.text.SimulatorTexts;

/**
 * {@code lockstep bench}: algorithms side by side, free-running (no scheduler), against the hand-off floor, on one
 * embedded ZooKeeper in one JVM.
 *
 * <p>Steps, for each client count: connect every algorithm's clients and the floor's chain; warm each up once
 * (untimed); then run rounds of slices, one slice per algorithm and one of the floor, the order rotated each round
 * (A B F, B F A, F A B, ...) so that all of them share the machine's slow and fast moments; close everything side by
 * side. Reported per algorithm and client count: the median over slices of acquisitions per second, latency
 * percentiles over every acquisition, counts per release and per acquisition over all slices, the most holders seen
 * at once, and ratios of medians to the reference and to the floor.
 *
 * <p>With {@link Plan#permits()} above 1 the lock is a semaphore of that many permits, up to N clients holding at
 * once; the hand-off floor stays a chain of one holder at a time.
 *
 * <p>Guarantee: a lock that lets two holders in at once (a writer with anyone), or a semaphore more than N, is
 * reported as {@link Result#violated()}; the command turns that into a failure.
 */
public final class FreeRunningBenchmark {

    /**
     * What to measure.
     *
     * @param permits the lock's permits: 1 for a mutex or a read/write lock, above 1 a semaphore (every algorithm
     *                flagged {@code permits})
     */
    public record Plan(List<String> algorithms, List<Integer> clients, Duration duration, Duration warmup,
                       Duration hold, double readRatio, Duration sliceLength, int permits) {

        /** A plan on a lock of one permit. */
        public Plan(List<String> algorithms, List<Integer> clients, Duration duration, Duration warmup,
                    Duration hold, double readRatio, Duration sliceLength) {
            this(algorithms, clients, duration, warmup, hold, readRatio, sliceLength, 1);
        }

        /** The algorithm the others are compared with: Curator's own recipe of the same kind. */
        public String reference() {
            return permits > 1 ? "curator-semaphore" : readRatio > 0 ? "curator-rwlock" : "curator-mutex";
        }

        /** Slices per algorithm and client count: the duration in slices of about {@link #sliceLength}. */
        public int rounds() {
            return (int) Math.max(1, Math.round((double) duration.toNanos() / sliceLength.toNanos()));
        }

        long sliceNanos() {
            return duration.toNanos() / rounds();
        }
    }

    /** One algorithm at one client count. */
    public record Result(String algorithm, int clients, double acquisitionsPerSecond, double p50Ms, double p99Ms,
                         double maxMs, double notificationsPerRelease, double futileWakeupsPerRelease,
                         double callsPerAcquisition, int maxHolders, Double ratioToReference, double ratioToFloor,
                         long acquisitions, int slices, boolean violated) {
    }

    /** The floor at one client count. */
    public record Floor(int clients, int sessions, double handoffsPerSecond, int slices) {
    }

    /** Everything one invocation measured. */
    public record Report(Plan plan, List<Result> results, List<Floor> floors) {

        public boolean violated() {
            return results.stream().anyMatch(Result::violated);
        }

        /** The floor over every client count: the median of their medians. */
        public double floorHandoffsPerSecond() {
            return Stats.median(floors.stream().mapToDouble(Floor::handoffsPerSecond).toArray());
        }
    }

    /** Progress: the fraction done and what runs now. */
    public interface Progress {
        void at(double fraction, String doing);
    }

    private static final String FLOOR = "floor";

    private FreeRunningBenchmark() {
    }

    public static Report run(Plan plan, Progress progress) throws Exception {
        List<Result> results = new ArrayList<>();
        List<Floor> floors = new ArrayList<>();
        int rounds = plan.rounds();
        int perCount = (plan.algorithms().size() + 1) * (rounds + (plan.warmup().isZero() ? 0 : 1));
        int total = perCount * plan.clients().size();
        int[] done = {0};
        Consumer<String> step = doing -> progress.at((double) done[0]++ / total, doing);
        try (Simulations.Servers servers = Simulations.openServers()) {
            for (int clients : plan.clients()) {
                measure(plan, servers.cluster(), clients, rounds, step, results, floors);
            }
        }
        progress.at(1.0, SimulatorTexts.text("progress.done"));
        return new Report(plan, results, floors);
    }

    private static void measure(Plan plan, Cluster server, int clients, int rounds, Consumer<String> step,
                                List<Result> results, List<Floor> floors) throws Exception {
        Map<String, ContendingClients> groups = new LinkedHashMap<>();
        Map<String, List<ContendingClients.SliceResult>> slices = new LinkedHashMap<>();
        List<Double> floorRates = new ArrayList<>();
        String root = "/bench/c" + clients;
        try (HandoffFloor floor = HandoffFloor.open(clients, server.connectString(), root + "/floor",
                server.credentials())) {
            for (String name : plan.algorithms()) {
                groups.put(name, ContendingClients.connect(Algorithms.get(name), clients, server.connectString(),
                        server.credentials()));
                slices.put(name, new ArrayList<>());
            }
            List<String> order = new ArrayList<>(plan.algorithms());
            order.add(FLOOR);
            // Sized so that a floor slice lasts about as long as a lock's: from the warm-up, or a first guess.
            int[] chainLength = {Math.max(20, (int) (1500 * plan.sliceNanos() / 1e9))};
            if (!plan.warmup().isZero()) {
                for (String name : order) {
                    step.accept("warm-up " + name + " x" + clients);
                    if (name.equals(FLOOR)) {
                        double rate = floor.run(root + "/warm-up-floor", chainLength[0] / 2);
                        chainLength[0] = Math.max(20, (int) (rate * plan.sliceNanos() / 1e9));
                    } else {
                        groups.get(name).slice(root + "/warm-up-" + name, plan.permits(), plan.warmup().toNanos(),
                                0, plan.readRatio(), 0);
                    }
                }
            }
            for (int round = 0; round < rounds; round++) {
                for (int k = 0; k < order.size(); k++) {
                    String name = order.get((k + round) % order.size()); // rotated each round
                    step.accept(SimulatorTexts.text("bench.progress", name.equals(FLOOR) ? SimulatorTexts.text("bench.floor")
                            : name, clients, round + 1, rounds));
                    if (name.equals(FLOOR)) {
                        floorRates.add(floor.run(root + "/floor-" + round, chainLength[0]));
                    } else {
                        slices.get(name).add(groups.get(name).slice(root + "/" + name + "-" + round,
                                plan.permits(), plan.sliceNanos(), plan.hold().toNanos(), plan.readRatio(),
                                round * 1000L));
                    }
                }
            }
            double floorRate = Stats.median(floorRates.stream().mapToDouble(Double::doubleValue).toArray());
            floors.add(new Floor(clients, floor.size(), floorRate, floorRates.size()));
            double[] reference = slices.containsKey(plan.reference()) ? rates(slices.get(plan.reference())) : null;
            for (String name : plan.algorithms()) {
                results.add(summarise(name, clients, slices.get(name), reference, floorRate));
            }
        } finally {
            Parallel.forEach(new ArrayList<>(groups.values()), ContendingClients::close);
        }
    }

    private static double[] rates(List<ContendingClients.SliceResult> slices) {
        return slices.stream().mapToDouble(ContendingClients.SliceResult::acquisitionsPerSecond).toArray();
    }

    private static Result summarise(String name, int clients, List<ContendingClients.SliceResult> slices,
                                    double[] reference, double floorRate) {
        double[] rates = rates(slices);
        long acquisitions = 0;
        long notifications = 0;
        long useful = 0;
        long calls = 0;
        int maxHolders = 0;
        boolean violated = false;
        ContendingClients.LongList latencies = new ContendingClients.LongList();
        for (ContendingClients.SliceResult slice : slices) {
            acquisitions += slice.acquisitions();
            notifications += slice.notifications();
            useful += slice.usefulWakeups();
            calls += slice.calls();
            maxHolders = Math.max(maxHolders, slice.maxHolders());
            violated |= slice.violated();
            latencies.addAll(slice.latencyNanos());
        }
        double[] ms = java.util.Arrays.stream(latencies.toArray()).mapToDouble(n -> n / 1e6).sorted().toArray();
        double perRelease = acquisitions == 0 ? 0 : 1.0 / acquisitions;
        double median = Stats.median(rates);
        return new Result(name, clients, median, Stats.percentileOfSorted(ms, 50), Stats.percentileOfSorted(ms, 99),
                ms.length == 0 ? 0 : ms[ms.length - 1], notifications * perRelease,
                (notifications - useful) * perRelease, calls * perRelease, maxHolders,
                reference == null ? null : Stats.ratioOfMedians(rates, reference),
                floorRate == 0 ? Double.NaN : median / floorRate, acquisitions, slices.size(), violated);
    }
}
