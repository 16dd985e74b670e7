package lockstep.simulator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.rules.LineRules.Liberty;
import lockstep.simulator.rules.LineRules.Refusal;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/**
 * The rule table's rows: what the runner refuses, what it accepts, and which accepted lines are liberties a generated
 * script leaves out. The runner's own refusals, end to end, are in the scenario-run tests.
 */
class LineRulesTest {

    private static ClientView client(State state, ConnectionState connection, int session, int lockSession,
                                     boolean sessionAlive, boolean paused) {
        return new ClientView("c1", state, "", "", false, connection, session, lockSession, sessionAlive, paused,
                state == State.HOLDING ? 1 : 0, false);
    }

    private static ClientView holder() {
        return client(State.HOLDING, ConnectionState.CONNECTED, 1, 1, true, false);
    }

    @Test
    void aHoldersAcquireIsAcceptedAsALibertyNotAPlainLine() {
        assertNull(LineRules.refusal(Verb.ACQUIRE, holder()));
        assertEquals(Liberty.ASKS_AGAIN, LineRules.liberty(Verb.ACQUIRE, holder()));
        assertFalse(LineRules.plain(Verb.TRY_ACQUIRE, holder()));
    }

    @Test
    void aClientThatAsksAlreadyIsRefusedAnAcquire() {
        ClientView waiting = client(State.WAITING, ConnectionState.CONNECTED, 1, 0, true, false);
        assertEquals(Refusal.WAITS, LineRules.refusal(Verb.ACQUIRE, waiting));
        assertNull(LineRules.liberty(Verb.ACQUIRE, waiting));
    }

    @Test
    void anAcquireAfterAnExpiryTheClientHeardIsAcceptedAsALiberty() {
        ClientView heard = client(State.EXPIRED, ConnectionState.EXPIRED, 1, 0, false, false);
        assertNull(LineRules.refusal(Verb.ACQUIRE, heard));
        assertEquals(Liberty.ASKS_AFTER_EXPIRY, LineRules.liberty(Verb.ACQUIRE, heard));
        ClientView notHeard = client(State.IDLE, ConnectionState.CONNECTED, 1, 0, false, false);
        assertEquals(Refusal.SESSION_ENDED, LineRules.refusal(Verb.ACQUIRE, notHeard));
    }

    @Test
    void aZombiesWriteIsAcceptedAsALibertyAndAHoldersIsPlain() {
        ClientView zombie = client(State.HOLDING, ConnectionState.CONNECTED, 1, 1, false, false);
        assertNull(LineRules.refusal(Verb.WRITE, zombie));
        assertEquals(Liberty.ZOMBIE_WRITE, LineRules.liberty(Verb.WRITE, zombie));
        assertTrue(LineRules.plain(Verb.WRITE, holder()));
    }

    @Test
    void onlyAHolderReleasesOrWrites() {
        ClientView idle = ClientView.initial("c1");
        assertEquals(Refusal.NOT_HOLDING, LineRules.refusal(Verb.RELEASE, idle));
        assertEquals(Refusal.NOT_BELIEVING, LineRules.refusal(Verb.WRITE, idle));
        assertTrue(LineRules.plain(Verb.RELEASE, holder()));
        assertTrue(LineRules.plain(Verb.ACQUIRE, idle));
    }

    @Test
    void aPausedOrDisconnectedClientIsRefusedEveryVerb() {
        ClientView paused = client(State.HOLDING, ConnectionState.CONNECTED, 1, 1, true, true);
        ClientView cut = client(State.HOLDING, ConnectionState.DISCONNECTED, 1, 1, true, false);
        for (Verb verb : Verb.values()) {
            assertEquals(Refusal.PAUSED, LineRules.refusal(verb, paused));
            assertEquals(Refusal.DISCONNECTED, LineRules.refusal(verb, cut));
        }
    }

    @Test
    void aRefusalReadsAsTheStateErrorItNames() {
        ClientView waiting = client(State.WAITING, ConnectionState.CONNECTED, 1, 0, true, false);
        assertTrue(LineRules.words(Refusal.WAITS, waiting).startsWith(LineRules.describe(waiting)));
    }
}
