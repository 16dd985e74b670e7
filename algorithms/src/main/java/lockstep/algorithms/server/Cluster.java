package lockstep.algorithms.server;

/**
 * The servers a run's clients talk to, as faults see them: one embedded server today ({@link EmbeddedZooKeeper}), an
 * ensemble later. A fault stops, starts or restarts servers through this and nothing else; it never learns how the
 * servers are run. Ending a session is not here: it is done through the session itself
 * ({@code lockstep.algorithms.session.SessionEnder}), as the server does when a session times out.
 *
 * <p>Guarantees every implementation keeps: servers listen on loopback only; {@link #stop()} then {@link #startAgain()}
 * brings them back on the same addresses with the same data, so a session whose client reconnects within its timeout
 * survives (the server restores sessions from its log; their timeouts start over); both return once the change has
 * taken effect (stopped: no longer accepting; started: serving).
 */
public interface Cluster {

    /** The connect string that reaches every server, {@code HOST:PORT[,HOST:PORT...]}. */
    String connectString();

    /** Stops every server; clients see their connections break and keep trying. Stopping a stopped cluster does nothing. */
    void stop() throws Exception;

    /** Starts the servers again after {@link #stop()}, same ports and data. Starting a running cluster does nothing. */
    void startAgain() throws Exception;

    /** Stops the servers if they run, then starts them again (same ports and data). */
    void restart() throws Exception;

    /** Whether the servers are running (between a start and a stop). */
    boolean isRunning();

    /** How many servers: 1 for the embedded server. */
    int size();

    /** One line for people: what the servers are and where, e.g. {@code one embedded server at 127.0.0.1:PORT}. */
    String describe();

    // ---- one server of several: an ensemble's members are numbered 1..size() -----------------------------------

    /** {@code HOST:PORT} of server {@code server} (1..size()); for one server, {@link #connectString()}. */
    default String connectStringOf(int server) {
        return connectString();
    }

    /** Whether server {@code server} runs (killed or stopped: false). */
    default boolean isUp(int server) {
        return isRunning();
    }

    /** The identity sessions authenticate with ({@link lockstep.algorithms.session.Credentials#NONE}: none). */
    default lockstep.algorithms.session.Credentials credentials() {
        return lockstep.algorithms.session.Credentials.NONE;
    }

    /** The root clients work under, put after their address as a chroot ("" for none: the whole tree). */
    default String chroot() {
        return "";
    }

    /** Whether Lockstep may stop, start or kill these servers (an external ZooKeeper: no). */
    default boolean isControlled() {
        return true;
    }

    /**
     * Kills one server of an ensemble (its process ends; the others go on, electing a new leader if it led).
     *
     * @throws UnsupportedOperationException for a single server: use {@link #stop()}
     */
    default void kill(int server) throws Exception {
        throw new UnsupportedOperationException("one server cannot be killed apart from the others");
    }

    /** Starts one server of an ensemble again (stopping it first if it runs), on the same ports and data. */
    default void restart(int server) throws Exception {
        throw new UnsupportedOperationException("one server cannot be restarted apart from the others");
    }

    /**
     * Cuts one server of an ensemble off from the others, both ways (a network partition; its clients still reach it):
     * it leaves the quorum and serves nobody; returns once it no longer serves.
     */
    default void isolate(int server) throws Exception {
        throw new UnsupportedOperationException("one server cannot be cut off from others");
    }

    /** Every cut link between the servers of an ensemble works again ({@link #isolate}); a cut-off server rejoins. */
    default void heal() throws Exception {
        throw new UnsupportedOperationException("one server has no links to other servers");
    }

    /**
     * Whether {@link #isolate} can cut a server of these off: an embedded ensemble started with peer links. Others
     * refuse it.
     */
    default boolean canIsolate() {
        return false;
    }

    /** Whether server {@code server} is cut off from the others ({@link #isolate}, until {@link #heal}). */
    default boolean isIsolated(int server) {
        return false;
    }

    /**
     * The server that leads once the servers that run have settled (an election after a kill takes a moment: this
     * waits for it), or 0 when too few run to elect one. A single running server is its own leader (1).
     */
    default int awaitLeader() throws Exception {
        return isRunning() ? 1 : 0;
    }
}
