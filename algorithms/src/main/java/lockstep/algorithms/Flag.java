package lockstep.algorithms;

import java.util.Locale;

import lockstep.algorithms.text.AlgorithmTexts;

/** What an algorithm promises, or suffers from: shown by {@code lockstep list}, the window's pickers and the docs. */
public enum Flag {
    /** Granted in request order. */
    FAIR("fair"),
    /** A release (or any change) wakes more waiters than can proceed. */
    HERD("herd"),
    /** A holder may acquire again without waiting for itself. */
    REENTRANT("reentrant"),
    /** Readers share the lock; writers are exclusive. */
    SHARED("read/write"),
    /** A counting semaphore: up to N clients hold it at once (N permits; with one permit it is a mutex). */
    PERMITS("permits"),
    /** Takes several locks as one (a multi-lock); with one lock it is a mutex. */
    MULTI("multi-lock"),
    /** Apache Curator's own recipe, kept as a reference. */
    REFERENCE("curator"),
    /** A lock of the bug gallery: it has a known bug, shown by its built-in scenario (see its {@link Outcome}). */
    BUG("bug");

    private final String label;

    Flag(String label) {
        this.label = label;
    }

    /** The English word, as JSON and the docs show it. */
    public String label() {
        return label;
    }

    /** The word in the current language, as {@code lockstep list} and the window show it. */
    public String text() {
        return AlgorithmTexts.text("flag." + name().toLowerCase(Locale.ROOT));
    }
}
