package lockstep.simulator.rules;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/**
 * The one table of what a script line's lock verb (acquire, try-acquire, release, write) may do in a client's state, as
 * the replay tells it: the runner refuses a scenario line by it, and the explorer writes only lines it accepts.
 *
 * <p>Steps: a paused client does nothing, a disconnected one asks nothing; then the verb's own row: an acquire by a
 * client that is not asking already and whose session lives (or which heard it expire: its lock API answers), a
 * release or a write by a holder. Besides what it refuses, the table names the liberties: lines it accepts that say
 * more than a plain turn at the lock (a holder asking again, a zombie's write), which a generated script leaves out.
 *
 * <p>Guarantee: {@link #refusal} is null exactly when the runner runs the line; a line with no {@link #liberty} is one
 * it accepts.
 */
public final class LineRules {

    /** Why a line is refused, with the words that say it. */
    public enum Refusal {
        /** A paused client runs nothing. */
        PAUSED,
        /** A disconnected client cannot call the server. */
        DISCONNECTED,
        /** An acquire by a client that already asks or waits. */
        WAITS,
        /** An acquire by a client whose session has ended and which has not heard it expire. */
        SESSION_ENDED,
        /** A release by a client that does not hold the lock. */
        NOT_HOLDING,
        /** A write by a client that does not believe it holds the lock. */
        NOT_BELIEVING
    }

    /** A line the runner accepts that is more than a plain turn at the lock. */
    public enum Liberty {
        /** An acquire by a holder: reentrancy, a downgrade or an upgrade, or (not reentrant) a request of its own. */
        ASKS_AGAIN,
        /** An acquire after the session expired: a plain handle fails, a client library asks in a new session. */
        ASKS_AFTER_EXPIRY,
        /**
         * A write by a holder whose session has ended (or a library's, in a new session not the one it got the lock
         * in): it writes with the newest token there is, which the resource cannot tell from a holder's (scenarios 10
         * and 11 teach that); it says nothing of the lock.
         */
        ZOMBIE_WRITE
    }

    private LineRules() {
    }

    /** Why {@code client} cannot do {@code verb} now; null when the runner runs the line. */
    public static Refusal refusal(Verb verb, ClientView client) {
        if (client.paused()) {
            return Refusal.PAUSED;
        }
        if (client.connection() == ConnectionState.DISCONNECTED) {
            return Refusal.DISCONNECTED;
        }
        State state = client.state();
        return switch (verb) {
            // a holder may ask again: reentrancy, a downgrade; the lock itself refuses what it cannot grant
            case ACQUIRE, TRY_ACQUIRE -> state == State.REQUESTING || state == State.WAITING ? Refusal.WAITS
                    // A client that heard its session expired may ask: its lock API answers (a plain handle fails,
                    // saying the session expired; a client library that opened a new session asks in it).
                    : client.sessionAlive() || client.connection() == ConnectionState.EXPIRED ? null
                    : Refusal.SESSION_ENDED;
            case RELEASE -> state == State.HOLDING ? null : Refusal.NOT_HOLDING;
            case WRITE -> state == State.HOLDING ? null : Refusal.NOT_BELIEVING;
        };
    }

    /**
     * Whether the runner passes over the line, doing nothing, instead of refusing it: a release or a write by a client
     * whose lock code threw (a user's lock). Its lock failed, not the scenario: the run goes on for the others.
     */
    public static boolean passedOver(Verb verb, ClientView client) {
        return (verb == Verb.RELEASE || verb == Verb.WRITE) && client.threw() && refusal(verb, client) != null;
    }

    /** What more than a plain turn at the lock an accepted line is; null when it is a plain one (or refused). */
    public static Liberty liberty(Verb verb, ClientView client) {
        if (refusal(verb, client) != null) {
            return null;
        }
        return switch (verb) {
            case ACQUIRE, TRY_ACQUIRE -> client.state() == State.HOLDING ? Liberty.ASKS_AGAIN
                    : !client.sessionAlive() ? Liberty.ASKS_AFTER_EXPIRY : null;
            case RELEASE -> null;
            case WRITE -> client.isStaleHolder() ? Liberty.ZOMBIE_WRITE : null;
        };
    }

    /** Whether a line is accepted and plain: what a generated script may write. */
    public static boolean plain(Verb verb, ClientView client) {
        return refusal(verb, client) == null && liberty(verb, client) == null;
    }

    /** The refusal in the words of a state error: "it is paused (expected a running client: ...)". */
    public static String words(Refusal refusal, ClientView client) {
        return switch (refusal) {
            case PAUSED -> text("refusal.paused");
            case DISCONNECTED -> text("refusal.disconnected");
            case WAITS -> text("refusal.waits", describe(client));
            case SESSION_ENDED -> text("refusal.sessionEnded");
            case NOT_HOLDING -> text("refusal.notHolding", describe(client));
            case NOT_BELIEVING -> text("refusal.notBelieving", describe(client));
        };
    }

    /** "it is waiting for the lock", ... */
    public static String describe(ClientView client) {
        return switch (client.state()) {
            case IDLE -> text("state.idle");
            case REQUESTING -> text("state.requesting");
            case WAITING -> text("state.waiting");
            case HOLDING, STILL_HOLDING -> text("state.holding");
            case RELEASED -> text("state.released");
            case GAVE_UP -> text("state.gaveUp");
            case CRASHED -> text("state.crashed");
            case EXPIRED -> text("state.expired");
        };
    }
}
