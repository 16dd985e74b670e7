package lockstep.simulator.fault;

import lockstep.algorithms.server.Cluster;
import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/**
 * What a fault may use and do, offered by the run that applies it: the servers, the network and the clock; the
 * client's session and worker; and the run's own bookkeeping (the trace, the gate that schedules calls and
 * notifications). Every method that writes to the trace writes in a fixed order, so a fault is as deterministic as a
 * client's call.
 */
public interface FaultContext {

    Cluster cluster();

    Network network();

    Clock clock();

    /** The client as the trace so far tells it. */
    ClientView client(String client);

    /** The clients of the run, in scenario order. */
    java.util.List<String> clients();

    /**
     * Writes the fault's event: its name and effect, the client ("" for servers), the server it names (0 for none or
     * all), what happened in words (for people: no reader takes meaning from the words).
     */
    void record(Fault fault, String client, int server, String detail);

    /** Writes the event of a fault that names no server. */
    default void record(Fault fault, String client, String detail) {
        record(fault, client, 0, detail);
    }

    // ---- the client side --------------------------------------------------------------------------------------------

    /** Ends the session abruptly, as when the process dies (no release; the server deletes its ephemerals). */
    void crash(String client) throws Exception;

    /** The server ends the client's session now, as a session timeout would (the client learns later). */
    void expireOnServer(String client) throws Exception;

    /** The client gives up its wait, as on a timeout (its worker thread is interrupted). */
    void giveUp(String client);

    /** The session timeout the clients were given. */
    java.time.Duration sessionTimeout();

    /**
     * Writes {@code fault} (pause or resume) with {@code detail}, and the client stops (or starts again) making calls
     * and handling events. One call does both, so the trace's view of the client ({@code paused()}) and the run's
     * scheduling cannot disagree: the run takes whether the client is paused from the line it just wrote.
     */
    void setPaused(Fault fault, String client, boolean paused, String detail);

    // ---- what the run records and waits for --------------------------------------------------------------------

    /** The server dropped the client's session: writes its ephemeral nodes' deletion and owes their notifications. */
    void sessionEnded(String client, Event.Deletion reason);

    /** The client crashed: it leaves the run; its calls and notifications pass unrecorded. */
    void leaveTheRun(String client);

    /** Notifications to the client wait (or stop waiting) for it to be reachable again. */
    void setReachable(String client, boolean reachable);

    /** How many connection events the client has seen so far (pass it to {@link #awaitConnection}). */
    int connectionEventsSeen(String client);

    /**
     * Waits until the client sees its connection reach {@code state} (after the first {@code seenBefore} connection
     * events), then writes it down.
     */
    void awaitConnection(String client, int seenBefore, ConnectionState state);

    /** After an expiry the client has learned of: a client library that opens a new session does so now. */
    void afterExpiryLearned(String client);

    /** Writes a connection change the fault caused directly. */
    void recordConnection(String client, ConnectionState state);

    /** Writes a lock state the fault decided (a crashed client is {@code CRASHED}: its process is gone). */
    void markState(String client, State state);

    // ---- the servers of an ensemble --------------------------------------------------------------------------------

    /** The server {@code client}'s connection goes to (1..N; 1 on a single server). */
    int serverOf(String client);

    /**
     * From now on {@code client}'s connection goes to {@code server}, and the trace says so; with {@code now} its
     * present connection breaks, so it reconnects there at once.
     */
    void moveClient(String client, int server, boolean now);

    /**
     * Waits until the servers have settled (an election after a kill) and writes each server whose role changed,
     * in server order. On a single server it writes nothing.
     */
    void recordServers() throws Exception;

    /** Runs the clients until the system is quiescent again. */
    void settle();
}
