package lockstep.algorithms;

import java.util.Locale;

/** What a client asks for: an exclusive lock (mutexes), or the read or write side of a shared lock. */
public enum LockMode {
    EXCLUSIVE, READ, WRITE;

    /** The word used in traces and scenarios ({@code read}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
