package lockstep.simulator.run;

import static lockstep.simulator.text.SimulatorTexts.text;

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

    /** Why {@code client} cannot do {@code verb} now, with what was expected; null when it can. */
    static String refusal(Verb verb, ClientView client) {
        if (client.paused()) {
            return text("refusal.paused");
        }
        if (client.connection() == ConnectionState.DISCONNECTED) {
            return text("refusal.disconnected");
        }
        State state = client.state();
        return switch (verb) {
            case ACQUIRE, TRY_ACQUIRE -> {
                // a holder may ask again: reentrancy, a downgrade; the lock itself refuses what it cannot grant
                if (state == State.REQUESTING || state == State.WAITING) {
                    yield text("refusal.waits", describe(client));
                }
                // A client that heard its session expired may ask: its lock API answers (a plain handle fails, saying
                // the session expired; a client library that opened a new session asks in it).
                yield client.sessionAlive() || client.connection() == ConnectionState.EXPIRED ? null
                        : text("refusal.sessionEnded");
            }
            case RELEASE -> state == State.HOLDING ? null
                    : text("refusal.notHolding", describe(client));
            case WRITE -> state == State.HOLDING ? null
                    : text("refusal.notBelieving", describe(client));
        };
    }
}
