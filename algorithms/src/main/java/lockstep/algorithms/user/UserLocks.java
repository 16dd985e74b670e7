package lockstep.algorithms.user;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import lockstep.algorithms.Flag;
import lockstep.algorithms.Outcome;
import lockstep.algorithms.registry.Algorithms;

/**
 * The locks users gave with {@code --lock}, each loaded once per process and added to the registry under its class's
 * simple name, so that every command, run, trace and picture takes it wherever it takes a built-in algorithm.
 */
public final class UserLocks {

    /** By the {@code --lock} argument as given. */
    private static final Map<String, Algorithms.Info> LOADED = new ConcurrentHashMap<>();
    /** The {@code --lock} argument of each lock, by name. */
    private static final Map<String, String> OPTIONS = new ConcurrentHashMap<>();

    private UserLocks() {
    }

    /** Loads, checks and registers the lock a {@code --lock} argument names; returns its registry entry. */
    public static synchronized Algorithms.Info add(String option) throws UserLockRefused {
        Algorithms.Info known = LOADED.get(option.strip());
        if (known != null) {
            Algorithms.addUserLock(known); // again, in case another file of that name came in between
            OPTIONS.put(known.name(), option.strip());
            return known;
        }
        LockClass lock = LockFiles.load(option);
        String from = lock.option();
        Algorithms.Info info = new Algorithms.Info(lock.name(),
                "your lock " + lock.type().getName() + " (" + from + ")",
                "your lock, from " + java.nio.file.Path.of(from.replaceFirst("\\.jar:.*$", ".jar")).getFileName(),
                lock.readWrite() ? EnumSet.of(Flag.SHARED) : EnumSet.noneOf(Flag.class), Optional.empty(), Outcome.correct(),
                (client, connection) -> UserLockClient.connect(client, connection, lock));
        try {
            Algorithms.addUserLock(info);
        } catch (IllegalArgumentException taken) {
            throw new UserLockRefused(from, "its class is named " + lock.name() + ", and " + taken.getMessage()
                    + " (expected a class name of its own)");
        }
        LOADED.put(option.strip(), info);
        OPTIONS.put(lock.name(), from);
        return info;
    }

    /** The {@code --lock} argument that added the lock {@code name}; empty for a built-in algorithm. */
    public static Optional<String> optionOf(String name) {
        return Optional.ofNullable(OPTIONS.get(name));
    }
}
