package lockstep.simulator.scenario;

import java.util.Arrays;
import java.util.Optional;

/** What a client does. Each verb has the one word a script uses for it. */
public enum Verb {
    /** Ask for the lock and run until holding it or waiting for it. */
    ACQUIRE("acquire"),
    /** Give the lock back: delete the client's lock node. */
    RELEASE("release"),
    /** Stop waiting, as on a timeout: the waiting client deletes its node. */
    GIVE_UP("give-up"),
    /** The client's session closes abruptly; its ephemeral nodes vanish. */
    CRASH("crash"),
    /** The server expires the client's session. */
    EXPIRE("expire");

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
