package lockstep.simulator.run;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/** Why a client cannot do a lock action now, in the words of a state error at a script line. */
final class StateWords {

    private StateWords() {
    }

    /** "it is waiting for the lock", ... */
    static String describe(ClientView client) {
        return switch (client.state()) {
            case IDLE -> "it is idle";
            case REQUESTING -> "it is asking for the lock";
            case WAITING -> "it is waiting for the lock";
            case HOLDING, STILL_HOLDING -> "it holds the lock";
            case RELEASED -> "it has released the lock";
            case GAVE_UP -> "it gave up";
            case CRASHED -> "it has crashed";
            case EXPIRED -> "its session has expired";
        };
    }

    /** Why {@code client} cannot do {@code verb} now, with what was expected; null when it can. */
    static String refusal(Verb verb, ClientView client) {
        if (client.paused()) {
            return "it is paused (expected a running client: resume it first)";
        }
        if (client.connection() == ConnectionState.DISCONNECTED) {
            return "it is disconnected (expected a connected client: reconnect it first)";
        }
        State state = client.state();
        return switch (verb) {
            case ACQUIRE, TRY_ACQUIRE -> {
                // a holder may ask again: reentrancy, a downgrade; the lock itself refuses what it cannot grant
                if (state == State.REQUESTING || state == State.WAITING) {
                    yield describe(client) + " (expected a client that does not wait)";
                }
                // A client that heard its session expired may ask: its lock API answers (a plain handle fails, saying
                // the session expired; a client library that opened a new session asks in it).
                yield client.sessionAlive() || client.connection() == ConnectionState.EXPIRED ? null
                        : "its session has ended (expected a client with a live session)";
            }
            case RELEASE -> state == State.HOLDING ? null
                    : describe(client) + " (expected a client that holds the lock)";
            case WRITE -> state == State.HOLDING ? null
                    : describe(client) + " (expected a client that believes it holds the lock)";
        };
    }
}
