package lockstep.algorithms;

/**
 * One read/write lock object and which of its two sides are handed out. A client's first read and first write share
 * one object, as Curator's recipe gives both sides of one {@code InterProcessReadWriteLock} (a downgrade then takes the
 * read side of the object whose write side it holds); a second request of the same side gets a new object.
 *
 * @param <L> the lock object's type
 */
public final class ReadWriteSides<L> {

    private final L lock;
    private boolean readTaken;
    private boolean writeTaken;

    public ReadWriteSides(L lock) {
        this.lock = lock;
    }

    public L lock() {
        return lock;
    }

    /** Hands out the {@code mode} side if it is still free; false when it was handed out before. */
    public boolean take(LockMode mode) {
        if (mode == LockMode.READ ? readTaken : writeTaken) {
            return false;
        }
        if (mode == LockMode.READ) {
            readTaken = true;
        } else {
            writeTaken = true;
        }
        return true;
    }
}
