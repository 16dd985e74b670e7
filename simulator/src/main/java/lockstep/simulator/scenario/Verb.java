package lockstep.simulator.scenario;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a client's lock code does. Each verb has the one word a script uses for it. What is done <em>to</em> a client
 * (crash, expire, give-up, disconnect, ...) is a fault, from the fault registry.
 */
public enum Verb {
    /** Ask for the lock and run until holding it or waiting for it; by a holder: one hold more. */
    ACQUIRE("acquire"),
    /** Take the lock if it is free for the client right away; otherwise leave nothing behind (no node, no watch). */
    TRY_ACQUIRE("try-acquire"),
    /** Give one hold back; the last one gives the lock back (deletes the client's lock node). */
    RELEASE("release"),
    /** Write to the protected resource, sending the client's fencing token: only while it believes it holds. */
    WRITE("write");

    private final String word;

    Verb(String word) {
        this.word = word;
    }

    /** The word a script uses, e.g. {@code give-up}. */
    public String word() {
        return word;
    }

    /** The verb a script word names, if any. */
    public static Optional<Verb> fromWord(String word) {
        return Arrays.stream(values()).filter(verb -> verb.word.equals(word)).findFirst();
    }
}
