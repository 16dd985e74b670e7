package lockstep.simulator.frame;

import lockstep.algorithms.LockMode;
import lockstep.simulator.trace.Event;

/**
 * A client as a lane draws it: what it believes (its state, mode, holds) beside what the server knows (its session,
 * its connection) and what the run does to it (paused, cut off), with one {@link Look} that tells them apart.
 *
 * @param client     its name
 * @param state      its lock state as its lock API says
 * @param mode       the mode it asks for or holds, null for none
 * @param key        the key on its badge
 * @param look       how its row looks: healthy, zombie, paused, cut off, expired, crashed, closed, no server
 * @param watching   the path it waits on ("" when not waiting)
 * @param watchingLabel the short label of that node ("#3 c2"); "" when it watches none or the lock's children
 * @param watchesChildren it waits on the lock's children (the naive lock), not on one node
 * @param watchedGone the node it waits on is gone, and nothing can tell it yet: it is cut off, paused, or no server
 *                   serves it (a connected client hears within the line)
 * @param node       the label of its own lock node ("#3"), "" when it has none
 * @param woken      a notification reached it and it is re-checking
 * @param holds      how many holds it has (2 for a reentrant hold)
 * @param connection its connection as it sees it
 * @param session    its session's count (1 for the first)
 * @param sessionAlive what the server knows: false once the server ended its current session
 * @param paused     its process is stopped by a {@code pause} fault
 * @param server     the server of an ensemble its connection goes to (0 on one server)
 * @param flagged    a failure shown now involves it
 */
public record Row(String client, Event.State state, LockMode mode, Key key, Look look, String watching,
                  String watchingLabel, boolean watchesChildren, boolean watchedGone, String node, boolean woken, int holds, Event.ConnectionState connection,
                  int session, boolean sessionAlive, boolean paused, int server, boolean flagged) {

    /** The key on a client's badge. */
    public enum Key {
        /** It does not hold the lock. */
        NONE,
        /** It holds the lock. */
        HELD,
        /** It believes it holds the lock, but the session it got it in has ended (a zombie): a hollow key. */
        HOLLOW
    }

    /**
     * How a client's row and session line look: the cases a class must tell apart at a glance. One per row, the
     * first that applies in this order.
     */
    public enum Look {
        /** It crashed: its process is gone, its session closed with it. */
        CRASHED,
        /** It believes it holds the lock in a session that has ended. */
        ZOMBIE,
        /** The server ended its session (an expiry), whether it knows yet or not. */
        EXPIRED,
        /** Its session was closed. */
        CLOSED,
        /** Its process is stopped: it makes no call and handles no event; its session lives on. */
        PAUSED,
        /** Its network link is cut: it sees Disconnected, its session lives on the server until it times out. */
        CUT_OFF,
        /** Its servers are stopped or have no leader: it keeps retrying. */
        NO_SERVER,
        /** Connected, session alive. */
        HEALTHY
    }
}
