package lockstep.algorithms;

import java.util.List;
import java.util.Objects;

/**
 * What one handle asks for: the lock paths it takes (one; several, in the order given, for a multi-lock) and how
 * many clients may hold each at once (1 for a mutex, N for a counting semaphore).
 *
 * @param paths   the lock paths, in the order the handle takes them; at least one, no repeats
 * @param permits how many holders the lock admits at once; at least 1
 */
public record LockTarget(List<String> paths, int permits) {

    public LockTarget {
        paths = List.copyOf(paths);
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("a lock target names at least one lock path");
        }
        if (paths.stream().distinct().count() != paths.size()) {
            throw new IllegalArgumentException("a lock target names each lock path once: " + paths);
        }
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be at least 1 (got " + permits + ")");
        }
        paths.forEach(path -> Objects.requireNonNull(path, "path"));
    }

    /** One lock with one permit: a mutex (or a read/write lock). */
    public static LockTarget of(String path) {
        return new LockTarget(List.of(path), 1);
    }

    /** One lock that {@code permits} clients may hold at once. */
    public static LockTarget semaphore(String path, int permits) {
        return new LockTarget(List.of(path), permits);
    }

    /** Several locks, taken as one in the order given. */
    public static LockTarget all(List<String> paths) {
        return new LockTarget(paths, 1);
    }

    /** The first (for a single lock: the only) path. */
    public String path() {
        return paths.get(0);
    }

    /** True for one lock with one permit. */
    public boolean isSingleMutex() {
        return paths.size() == 1 && permits == 1;
    }
}
