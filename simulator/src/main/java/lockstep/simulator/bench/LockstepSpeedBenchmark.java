package lockstep.simulator.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.trace.Event;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep bench lockstep}: how fast a gated (lockstep) run goes against its floor. A gated run makes one
 * ZooKeeper call at a time, so it can go no faster than the sum of its calls' round trips.
 *
 * <p>Steps, alternated {@code --repeat} times so both see the same machine: run the herd scenario in lockstep mode
 * and time it (server start, sessions, every step, closing); then, on a fresh server, make the same calls in the same
 * order (same operation, same path, a create sequential where the run's was) from one idle session and time those
 * round trips alone. Reported: calls per second of each, and the ratio of the medians (the target is 1.5 at most).
 */
@Command(mixinStandardHelpOptions = true)
public final class LockstepSpeedBenchmark implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-a", "--algorithm"}, defaultValue = "naive",
            description = "The algorithm of the herd (default: ${DEFAULT-VALUE}).")
    String algorithm;

    @Option(names = {"-c", "--clients"}, defaultValue = "100",
            description = "The herd's size (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--repeat", defaultValue = "3", description = "Pairs of runs (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Scenario herd = Herd.scenario(clients);
        out.printf(Locale.ROOT, "Lockstep speed: the %d-client herd with '%s', gated, against the round trips of the"
                + " same calls from one idle session; %d pair(s)%n", clients, algorithm, repeat);
        out.printf(Locale.ROOT, "machine: %d cores, Java %s%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        Simulations.run(Herd.scenario(Math.min(clients, 20)), algorithm, 1); // warm-up, not counted
        double[] gated = new double[repeat];
        double[] floor = new double[repeat];
        int calls = 0;
        int events = 0;
        for (int i = 0; i < repeat; i++) {
            long start = System.nanoTime();
            List<Event> trace = Simulations.run(herd, algorithm, Simulations.seedFor(herd, null));
            gated[i] = (System.nanoTime() - start) / 1e6;
            List<Event.Call> made = new ArrayList<>();
            for (Event e : trace) {
                if (e instanceof Event.Call call) {
                    made.add(call);
                }
            }
            calls = made.size();
            events = trace.size();
            floor[i] = roundTrips(made);
        }
        double g = Stats.median(gated);
        double f = Stats.median(floor);
        out.printf(Locale.ROOT, "%-44s %10s %10s %10s %10s%n", "", "median ms", "min ms", "max ms", "calls/s");
        out.printf(Locale.ROOT, "%-44s %10.0f %10.0f %10.0f %10.0f%n", "gated run (whole: server, sessions, steps)", g,
                Stats.min(gated), Stats.max(gated), calls / (g / 1000));
        out.printf(Locale.ROOT, "%-44s %10.0f %10.0f %10.0f %10.0f%n", "same calls from one idle session", f,
                Stats.min(floor), Stats.max(floor), calls / (f / 1000));
        out.printf(Locale.ROOT, "calls per run: %,d; events: %,d%n", calls, events);
        out.printf(Locale.ROOT, "gated / floor: %.2f (ratio of medians; target 1.5 at most)%n", g / f);
        out.flush();
        return 0;
    }

    /** The same calls, in order, from one session on a fresh server: milliseconds for all of them. */
    static double roundTrips(List<Event.Call> calls) throws Exception {
        try (EmbeddedZooKeeper server = EmbeddedZooKeeper.start()) {
            CountDownLatch connected = new CountDownLatch(1);
            ZooKeeper zk = new ZooKeeper(server.connectString(), 10_000, event -> {
                if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                    connected.countDown();
                }
            });
            try {
                if (!connected.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("could not connect to " + server.connectString());
                }
                Set<String> parents = new LinkedHashSet<>();
                for (Event.Call call : calls) {
                    String parent = call.path().substring(0, Math.max(0, call.path().lastIndexOf('/')));
                    if (!parent.isEmpty()) {
                        parents.add(parent);
                    }
                }
                for (String parent : parents) {
                    makePath(zk, parent);
                }
                long start = System.nanoTime();
                for (Event.Call call : calls) {
                    replay(zk, call);
                }
                return (System.nanoTime() - start) / 1e6;
            } finally {
                zk.close();
            }
        }
    }

    private static void replay(ZooKeeper zk, Event.Call call) throws InterruptedException {
        String path = call.path();
        try {
            switch (call.op()) {
                case CREATE:
                    boolean sequential = call.ok() && call.detail() != null && !call.detail().equals(path)
                            && call.detail().startsWith(path);
                    zk.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
                            sequential ? CreateMode.EPHEMERAL_SEQUENTIAL : CreateMode.EPHEMERAL);
                    break;
                case DELETE:
                    zk.delete(path, -1);
                    break;
                case EXISTS:
                    zk.exists(path, false);
                    break;
                case GET_DATA:
                    zk.getData(path, false, null);
                    break;
                case GET_CHILDREN:
                    zk.getChildren(path, false);
                    break;
                case SET_DATA:
                    zk.setData(path, new byte[0], -1);
                    break;
                default:
                    zk.exists(path, false);
                    break;
            }
        } catch (KeeperException e) {
            // A failed call costs its round trip all the same, as in the run (a create that finds the node taken).
        }
    }

    private static void makePath(ZooKeeper zk, String path) throws Exception {
        StringBuilder at = new StringBuilder();
        for (String part : path.substring(1).split("/")) {
            at.append('/').append(part);
            try {
                zk.create(at.toString(), new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            } catch (KeeperException.NodeExistsException exists) {
                // made already
            }
        }
    }
}
