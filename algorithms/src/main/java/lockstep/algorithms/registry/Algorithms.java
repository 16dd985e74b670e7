package lockstep.algorithms.registry;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import lockstep.algorithms.ChildrenWatch;
import lockstep.algorithms.Flag;
import lockstep.algorithms.HerdCount;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.MultiLock;
import lockstep.algorithms.Naive;
import lockstep.algorithms.Outcome;
import lockstep.algorithms.ReadWrite;
import lockstep.algorithms.Semaphore;
import lockstep.algorithms.Sequential;
import lockstep.algorithms.curator.CuratorLockClient;
import lockstep.algorithms.curator.CuratorRecipe;
import lockstep.algorithms.engine.ZkLockClient;
import lockstep.algorithms.gallery.AssumeOnWake;
import lockstep.algorithms.gallery.ExistsStall;
import lockstep.algorithms.gallery.NameSort;
import lockstep.algorithms.gallery.NoProtection;
import lockstep.algorithms.gallery.PersistentNode;
import lockstep.algorithms.gallery.ReaderCountsHigherWriters;
import lockstep.algorithms.gallery.TrustAfterExpiry;
import lockstep.algorithms.gallery.UnorderedMultiLock;
import lockstep.algorithms.gallery.WatchAhead;
import lockstep.algorithms.session.Connection;
import lockstep.algorithms.text.AlgorithmTexts;

/**
 * The registry of lock algorithms, the one place an algorithm is described: name, factory, a one-line description,
 * the subtitle the window shows over its lane, flags, the exact herd count where one is known, and the outcome its
 * runs are expected to show (correct, or the checker kind of its bug). The CLI, the scenario runner, the window's
 * pickers, the tests and the generated docs all read algorithms from here, in this order.
 */
public final class Algorithms {

    /** Connects one client of an algorithm. */
    @FunctionalInterface
    public interface ClientFactory {
        LockClient connect(String clientName, Connection connection) throws Exception;
    }

    /**
     * One registered algorithm.
     *
     * @param subtitle  what the window shows under the lane's name: the recipe in a few words
     * @param herdCount the exact notifications of the herd scenario for N clients, when known
     * @param expected  correct, or the kind of failure its bug shows
     */
    public record Info(String name, String description, String subtitle, Set<Flag> flags,
                       Optional<HerdCount> herdCount, Outcome expected, ClientFactory factory) {

        public Info {
            flags = Collections.unmodifiableSet(flags.isEmpty() ? EnumSet.noneOf(Flag.class) : EnumSet.copyOf(flags));
            if (flags.contains(Flag.BUG) == expected.isCorrect()) {
                throw new IllegalArgumentException(name + ": the bug flag and the expected outcome disagree");
            }
        }

        public boolean has(Flag flag) {
            return flags.contains(flag);
        }

        /** True for read/write locks: a request's mode matters. */
        public boolean isShared() {
            return has(Flag.SHARED);
        }

        /** True for an algorithm of the bug gallery. */
        public boolean isBug() {
            return has(Flag.BUG);
        }

        public LockClient connect(String clientName, Connection connection) throws Exception {
            return factory.connect(clientName, connection);
        }

        /** The description in the current language ({@link #description()} is the English one, for JSON and docs). */
        public String localDescription() {
            String key = "algorithm." + name + ".description";
            return AlgorithmTexts.has(key) ? AlgorithmTexts.text(key) : description; // a user's lock: as it is
        }

        /** The subtitle in the current language. */
        public String localSubtitle() {
            String key = "algorithm." + name + ".subtitle";
            return AlgorithmTexts.has(key) ? AlgorithmTexts.text(key) : subtitle;
        }

        /** For a bug, what goes wrong in the current language; empty for a correct lock. */
        public String localWhy() {
            return expected.isCorrect() ? "" : AlgorithmTexts.text("algorithm." + name + ".why");
        }
    }

    private static final Map<String, Info> REGISTRY = new LinkedHashMap<>();
    /** Locks users wrote ({@code --lock}): found by name like the built-in ones, listed nowhere. */
    private static final Map<String, Info> YOURS = java.util.Collections.synchronizedMap(new LinkedHashMap<>());

    static {
        register("naive", "one ephemeral znode; every waiter watches it (herd, not fair)",
                "one ephemeral znode; every waiter watches it", EnumSet.of(Flag.HERD, Flag.REENTRANT),
                new HerdCount("N(N-1)/2", n -> n * (n - 1) / 2), Outcome.correct(), ours(mode -> new Naive()));
        register("children-watch", "sequential children; every waiter watches the children list (fair, herd)",
                "every waiter watches the children list", EnumSet.of(Flag.FAIR, Flag.HERD, Flag.REENTRANT),
                new HerdCount("N(N-1)+1", n -> n * (n - 1) + 1), Outcome.correct(),
                ours(mode -> new ChildrenWatch()));
        register("sequential", "sequential children; each waiter watches its predecessor (fair, one wake-up)",
                "each waiter watches its predecessor", EnumSet.of(Flag.FAIR, Flag.REENTRANT),
                HerdCount.oneWakeUpPerRelease(), Outcome.correct(), ours(mode -> new Sequential()));
        register("rwlock", "read/write lock; a reader watches the nearest lower writer",
                "a reader watches the nearest lower writer", EnumSet.of(Flag.FAIR, Flag.REENTRANT, Flag.SHARED),
                HerdCount.oneWakeUpPerRelease(), Outcome.correct(), ours(mode -> new ReadWrite()));
        register("curator-mutex", "Apache Curator's InterProcessMutex, as a reference",
                "Curator's InterProcessMutex", EnumSet.of(Flag.FAIR, Flag.REENTRANT, Flag.REFERENCE),
                HerdCount.oneWakeUpPerRelease(), Outcome.correct(),
                (name, connection) -> CuratorLockClient.connect(name, connection, CuratorRecipe.MUTEX));
        register("curator-rwlock", "Apache Curator's InterProcessReadWriteLock; a reader watches the first writer",
                "Curator's: a reader watches the first writer",
                EnumSet.of(Flag.FAIR, Flag.REENTRANT, Flag.SHARED, Flag.REFERENCE),
                HerdCount.oneWakeUpPerRelease(), Outcome.correct(),
                (name, connection) -> CuratorLockClient.connect(name, connection, CuratorRecipe.READ_WRITE));
        // Semaphores and multi-locks (issue 21): N permits, several locks taken as one; Curator's and Lockstep's own.
        register("semaphore", "N permits on sequential children; every waiter watches the children list (fair, herd)",
                "N permits: the first N hold, every waiter watches the children",
                EnumSet.of(Flag.FAIR, Flag.HERD, Flag.REENTRANT, Flag.PERMITS),
                new HerdCount("N(N-1)+1", n -> n * (n - 1) + 1), Outcome.correct(), ours(mode -> new Semaphore(1)));
        register("curator-semaphore-mutex", "Apache Curator's InterProcessSemaphoreMutex: one lease, not reentrant",
                "Curator's semaphore mutex: not reentrant", EnumSet.of(Flag.FAIR, Flag.REFERENCE), null,
                Outcome.correct(),
                (name, connection) -> CuratorLockClient.connect(name, connection, CuratorRecipe.SEMAPHORE_MUTEX));
        register("curator-semaphore", "Apache Curator's InterProcessSemaphoreV2: N leases, counted under a mutex",
                "Curator's semaphore: N leases, counted under a mutex",
                EnumSet.of(Flag.FAIR, Flag.PERMITS, Flag.REFERENCE), null, Outcome.correct(),
                (name, connection) -> CuratorLockClient.connect(name, connection, CuratorRecipe.SEMAPHORE));
        register("curator-multilock", "Apache Curator's InterProcessMultiLock: several mutexes in the order asked",
                "Curator's multi-lock: its locks in the order asked",
                EnumSet.of(Flag.FAIR, Flag.REENTRANT, Flag.MULTI, Flag.REFERENCE), HerdCount.oneWakeUpPerRelease(),
                Outcome.correct(),
                (name, connection) -> CuratorLockClient.connect(name, connection, CuratorRecipe.MULTI_LOCK));
        register("multilock", "several locks taken as one, always in one global order (sorted by path): no deadlock",
                "several locks, always taken in sorted order",
                EnumSet.of(Flag.FAIR, Flag.REENTRANT, Flag.MULTI), HerdCount.oneWakeUpPerRelease(), Outcome.correct(),
                ours(mode -> new MultiLock()));
        // The bug gallery: each shows its finding in its built-in scenario NN-<name>.yaml; see docs/bugs/<name>.md.
        register("bug-assume-on-wake", "takes the lock when its watched predecessor goes away, without looking again",
                "bug: a wake-up is taken to mean 'my turn'", EnumSet.of(Flag.BUG), null,
                Outcome.bug("mutual-exclusion", "two holders when a waiter in the middle gives up"),
                ours(mode -> new AssumeOnWake()));
        register("bug-exists-stall", "watches its predecessor with exists and waits even when exists found it gone",
                "bug: waits on exists() even when it returned null", EnumSet.of(Flag.BUG), null,
                Outcome.bug("stuck-waiter", "waits forever for a predecessor that was already gone"),
                ours(mode -> new ExistsStall()));
        register("bug-name-sort", "sorts the children by whole name, unique prefix included (ZOOKEEPER-2931)",
                "bug: sorts by whole name, not by sequence", EnumSet.of(Flag.BUG), null,
                Outcome.bug("mutual-exclusion", "two holders when a later client's name sorts first"),
                ours(mode -> new NameSort()));
        register("bug-reader-counts-higher-writers", "a reader also waits for write nodes above its own (Kazoo #649)",
                "bug: a reader waits for later writers too", EnumSet.of(Flag.SHARED, Flag.BUG), null,
                Outcome.bug("stuck-waiter", "a reader and the writer behind it wait for each other: a deadlock"),
                ours(mode -> new ReaderCountsHigherWriters()));
        register("bug-persistent-node", "the request node is persistent, not ephemeral",
                "bug: lock nodes outlive their owners", EnumSet.of(Flag.BUG), null,
                Outcome.bug("stuck-waiter", "a crashed holder's node blocks everyone forever"),
                ours(mode -> new PersistentNode()));
        register("bug-trust-after-expiry",
                "after an expiry it goes on in a new session and takes its old node for its own",
                "bug: trusts its node from an expired session", EnumSet.of(Flag.BUG), null,
                Outcome.bug("mutual-exclusion", "two holders when a client asks again after its session expired"),
                ours(mode -> new TrustAfterExpiry()));
        register("bug-no-protection", "no unique tag in node names: a create whose reply is lost is simply retried",
                "bug: retries a lost create blindly", EnumSet.of(Flag.BUG), null,
                Outcome.bug("stuck-waiter", "the orphan of a lost create reply blocks the queue"),
                ours(mode -> new NoProtection()));
        register("bug-semaphore-watch-ahead", "a semaphore whose waiter watches the node N places ahead of its own",
                "bug: a waiter watches the node N places ahead", EnumSet.of(Flag.PERMITS, Flag.BUG), null,
                Outcome.bug("stuck-waiter", "a permit stays free while a waiter waits for another holder"),
                ours(mode -> new WatchAhead(1)));
        register("bug-unordered-multilock", "a multi-lock that takes its locks in the order asked (as Curator's does)",
                "bug: takes its locks in the order asked", EnumSet.of(Flag.MULTI, Flag.BUG), null,
                Outcome.bug("deadlock", "c1 asking for A,B and c2 for B,A each hold one lock and wait for the other's: a deadlock"),
                ours(mode -> new UnorderedMultiLock()));
    }

    private Algorithms() {
    }

    private static void register(String name, String description, String subtitle, Set<Flag> flags,
                                 HerdCount herdCount, Outcome expected, ClientFactory factory) {
        REGISTRY.put(name, new Info(name, description, subtitle, flags, Optional.ofNullable(herdCount), expected,
                factory));
    }

    /** A factory for one of Lockstep's own algorithms: the engine, with the decision for each mode. */
    private static ClientFactory ours(Function<LockMode, LockAlgorithm> algorithm) {
        return (name, connection) -> ZkLockClient.connect(name, connection, algorithm);
    }

    /** Every algorithm, in registry order. */
    public static List<Info> all() {
        return List.copyOf(REGISTRY.values());
    }

    /** The correct algorithms, in registry order: what the contract and every fault's example are run with. */
    public static List<Info> correct() {
        return REGISTRY.values().stream().filter(info -> !info.isBug()).toList();
    }

    /** The bug gallery's algorithms, in registry order. */
    public static List<Info> bugs() {
        return REGISTRY.values().stream().filter(Info::isBug).toList();
    }

    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    /** The locks users gave this process ({@link #addUserLock}), by name in the order given: lanes a window may add. */
    public static List<String> userLocks() {
        return List.copyOf(YOURS.keySet());
    }

    public static Optional<Info> find(String name) {
        return Optional.ofNullable(REGISTRY.getOrDefault(name, YOURS.get(name)));
    }

    /**
     * Adds a lock a user wrote, under its own name, for this process: {@link #find} and {@link #get} know it from now
     * on (in place of an earlier user's lock of that name); {@link #all} and {@link #names} (the built-in algorithms)
     * do not list it.
     *
     * @throws IllegalArgumentException when a built-in algorithm has that name
     */
    public static void addUserLock(Info info) {
        if (REGISTRY.containsKey(info.name())) {
            throw new IllegalArgumentException("'" + info.name() + "' is already the name of a built-in algorithm");
        }
        YOURS.put(info.name(), info);
    }

    /** @throws IllegalArgumentException naming the known algorithms */
    public static Info get(String name) {
        Info info = REGISTRY.getOrDefault(name, YOURS.get(name));
        if (info == null) {
            throw new IllegalArgumentException("unknown algorithm '" + name + "' (expected one of "
                    + String.join(", ", REGISTRY.keySet()) + ")");
        }
        return info;
    }
}
