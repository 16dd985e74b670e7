package lockstep.simulator.fault;

/**
 * The network between each client and the servers: every client of a lockstep run connects through a loopback TCP
 * proxy of its own that Lockstep opens, so a fault can cut a client off, or drop one reply, for real.
 */
public interface Network {

    /** Cuts {@code client} off: its connection drops and it cannot connect again until {@link #restore}. */
    void cut(String client) throws Exception;

    /** Lets {@code client} connect again. */
    void restore(String client) throws Exception;

    /**
     * The next create {@code client} sends reaches the server, which applies it; its reply is dropped with the
     * connection, so the client sees a connection loss for a create that happened.
     */
    void loseNextCreateReply(String client) throws Exception;

    /** Whether {@code client}'s link is cut (by {@code disconnect}, until {@code reconnect}). */
    boolean isCut(String client);
}
