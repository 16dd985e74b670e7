package lockstep.simulator.scenario;

import java.util.Arrays;
import java.util.Optional;

/** What a script can do to the server, written {@code server <word>}. */
public enum ServerVerb {
    /** Stop the server and start it again on the same data, while the clients keep running. */
    RESTART("restart");

    private final String word;

    ServerVerb(String word) {
        this.word = word;
    }

    /** The word a script uses after {@code server}. */
    public String word() {
        return word;
    }

    /** The server verb a script word names, if any. */
    public static Optional<ServerVerb> fromWord(String word) {
        return Arrays.stream(values()).filter(verb -> verb.word.equals(word)).findFirst();
    }
}
