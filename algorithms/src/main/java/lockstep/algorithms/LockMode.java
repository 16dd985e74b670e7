package lockstep.algorithms;

import java.util.Locale;

import lockstep.algorithms.text.AlgorithmTexts;

/** What a client asks for: an exclusive lock (mutexes), or the read or write side of a shared lock. */
public enum LockMode {
    EXCLUSIVE, READ, WRITE;

    /** The word used in traces and scenarios ({@code read}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The word in the current language, for what users read (never for traces). */
    public String text() {
        return AlgorithmTexts.text("mode." + label());
    }
}
