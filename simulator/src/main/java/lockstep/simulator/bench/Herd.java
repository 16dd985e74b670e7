package lockstep.simulator.bench;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.OptionalLong;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.BadInputException;
import lockstep.simulator.check.Metrics;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.trace.Event;

/**
 * The herd scenario at any size, in lockstep mode with real sessions: N clients all ask for the lock, then the holder
 * releases, one at a time, until everyone has had it (the shape of built-in scenario 02). Counts come from the trace
 * ({@link Metrics}), so they are exact and the same on every run.
 *
 * <p>The expected notifications per algorithm, for the check and the chart's reference curves: a release wakes every
 * waiter of {@code naive} (N(N-1)/2 in all), only the next one in line for {@code sequential} and
 * {@code curator-mutex} (N-1); {@code children-watch} hears every release (N(N-1)/2) and also every create that
 * queues behind a client already watching the children while the herd forms (N(N-1)/2 + 1 more): N(N-1) + 1.
 *
 * <p>With {@code permits} above 1 the lock is a semaphore of that many permits for an algorithm flagged
 * {@code permits} (any other runs its one-holder lock): the registry's formulas are for one permit, so no count is
 * expected, and the figure to read is the notifications per release.
 */
public final class Herd {

    /** One run. */
    public record Result(String algorithm, int clients, int notifications, Long expectedNotifications, int calls,
                         int acquisitions, int events, long wallMs, double callsPerSecond, double peakHeapMiB,
                         double traceBytesPerEvent, int permits) {

        /** The notifications a release delivers on average: every client releases once. */
        public double notificationsPerRelease() {
            return notifications / (double) clients;
        }

        public boolean asExpected() {
            return acquisitions == clients
                    && (expectedNotifications == null || expectedNotifications == notifications);
        }
    }

    private Herd() {
    }

    /** The herd scenario for {@code clients} clients. */
    public static Scenario scenario(int clients) throws BadInputException {
        if (clients < 2) {
            throw new BadInputException("lockstep herd", text("herd.tooFew", clients));
        }
        String yaml = "title: The herd effect with " + clients + " clients\n"
                + "description: All ask for the lock, then the holder releases, one at a time.\n"
                + "seed: " + clients + "\n"
                + "clients: " + clients + "\n"
                + "script:\n"
                + "  - all acquire\n"
                + "  - repeat " + (clients - 1) + ": holder release\n"
                + "  - holder release\n";
        return ScenarioLoader.parse("herd-" + clients + ".yaml", yaml);
    }

    /** The notifications the herd of {@code n} clients must deliver with {@code algorithm}, if the registry knows. */
    public static OptionalLong expectedNotifications(String algorithm, long n) {
        return Algorithms.find(algorithm).flatMap(Algorithms.Info::herdCount)
                .map(herd -> OptionalLong.of(herd.forClients(n))).orElse(OptionalLong.empty());
    }

    public static Result run(String algorithm, int clients) throws BadInputException {
        return run(algorithm, clients, 1);
    }

    /** The herd of {@code clients} on a lock of {@code permits} permits (1: a mutex). */
    public static Result run(String algorithm, int clients, int permits) throws BadInputException {
        Scenario scenario = permits == 1 ? scenario(clients) : scenario(clients).withPermits(permits);
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP).toList();
        long liveBefore = liveHeap(); // so the peak below is this run's, not garbage left by the previous one
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long start = System.nanoTime();
        List<Event> trace = Simulations.run(scenario, algorithm, Simulations.seedFor(scenario, null));
        long wall = System.nanoTime() - start;
        double peak = heap.stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum() / (1024.0 * 1024.0);
        // What the recorded run holds once its garbage is gone (its sessions and server are closed by now): the
        // peak above counts garbage the collector had not reclaimed yet, this counts the trace alone.
        double perEvent = Math.max(0, liveHeap() - liveBefore) / (double) Math.max(1, trace.size());
        Metrics metrics = Metrics.of(trace);
        int calls = metrics.ops().values().stream().mapToInt(Integer::intValue).sum();
        OptionalLong expected = permits == 1 ? expectedNotifications(algorithm, clients) : OptionalLong.empty();
        return new Result(algorithm, clients, metrics.notifications(),
                expected.isPresent() ? expected.getAsLong() : null, calls, metrics.acquisitions(), trace.size(),
                wall / 1_000_000, calls / (wall / 1e9), peak, perEvent, permits);
    }

    /** The heap in use after a full collection. */
    private static long liveHeap() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
