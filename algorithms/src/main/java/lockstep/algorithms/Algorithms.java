package lockstep.algorithms;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import lockstep.algorithms.curator.CuratorLockClient;
import lockstep.algorithms.curator.CuratorRecipe;
import lockstep.algorithms.engine.ZkLockClient;
import lockstep.algorithms.session.Connection;

/**
 * The registry of lock algorithms: name to factory, with a one-line description and flags. The CLI, the scenario
 * runner, the window's pickers and the generated docs all list algorithms from here, in this order.
 */
public final class Algorithms {

    /** Connects one client of an algorithm. */
    @FunctionalInterface
    public interface ClientFactory {
        LockClient connect(String clientName, Connection connection) throws Exception;
    }

    /** One registered algorithm. */
    public record Info(String name, String description, Set<Flag> flags, ClientFactory factory) {

        public Info {
            flags = Collections.unmodifiableSet(flags.isEmpty() ? EnumSet.noneOf(Flag.class) : EnumSet.copyOf(flags));
        }

        public boolean has(Flag flag) {
            return flags.contains(flag);
        }

        /** True for read/write locks: a request's mode matters. */
        public boolean isShared() {
            return has(Flag.SHARED);
        }

        public LockClient connect(String clientName, Connection connection) throws Exception {
            return factory.connect(clientName, connection);
        }
    }

    private static final Map<String, Info> REGISTRY = new LinkedHashMap<>();

    static {
        register("naive", "one ephemeral znode; every waiter watches it (herd, not fair)",
                EnumSet.of(Flag.HERD),
                (name, connection) -> ZkLockClient.connect(name, connection, mode -> new Naive()));
        register("children-watch", "sequential children; every waiter watches the children list (fair, herd)",
                EnumSet.of(Flag.FAIR, Flag.HERD),
                (name, connection) -> ZkLockClient.connect(name, connection, mode -> new ChildrenWatch()));
        register("sequential", "sequential children; each waiter watches its predecessor (fair, one wake-up)",
                EnumSet.of(Flag.FAIR),
                (name, connection) -> ZkLockClient.connect(name, connection, mode -> new Sequential()));
        register("rwlock", "read/write lock; a reader watches the nearest lower writer",
                EnumSet.of(Flag.FAIR, Flag.SHARED),
                (name, connection) -> ZkLockClient.connect(name, connection, mode -> new ReadWrite()));
        register("curator-mutex", "Apache Curator's InterProcessMutex, as a reference",
                EnumSet.of(Flag.FAIR, Flag.REENTRANT, Flag.REFERENCE),
                (name, connection) -> CuratorLockClient.connect(name, connection, CuratorRecipe.MUTEX));
        register("curator-rwlock", "Apache Curator's InterProcessReadWriteLock; a reader watches the first writer",
                EnumSet.of(Flag.FAIR, Flag.REENTRANT, Flag.SHARED, Flag.REFERENCE),
                (name, connection) -> CuratorLockClient.connect(name, connection, CuratorRecipe.READ_WRITE));
    }

    private Algorithms() {
    }

    private static void register(String name, String description, Set<Flag> flags, ClientFactory factory) {
        REGISTRY.put(name, new Info(name, description, flags, factory));
    }

    /** Every algorithm, in registry order. */
    public static List<Info> all() {
        return List.copyOf(REGISTRY.values());
    }

    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    public static Optional<Info> find(String name) {
        return Optional.ofNullable(REGISTRY.get(name));
    }

    /** @throws IllegalArgumentException naming the known algorithms */
    public static Info get(String name) {
        Info info = REGISTRY.get(name);
        if (info == null) {
            throw new IllegalArgumentException("unknown algorithm '" + name + "' (expected one of "
                    + String.join(", ", REGISTRY.keySet()) + ")");
        }
        return info;
    }
}
