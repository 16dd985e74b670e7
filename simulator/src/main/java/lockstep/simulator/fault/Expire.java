package lockstep.simulator.fault;

import lockstep.simulator.trace.Event;
import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.trace.Event.ConnectionState;

/**
 * {@code cN expire}: the server ends the client's session, as when the client has not been heard from for longer
 * than its session timeout (the run's clock moves on by that much; no run waits for it). The server deletes the
 * session's ephemeral node at once. The client learns of it when it next hears from the server: at once, or, if it is
 * paused, when it resumes; until then, and after, its lock API may still say it holds the lock (a zombie).
 */
public final class Expire implements Fault {

    @Override
    public lockstep.simulator.trace.Event.FaultEffect effect() {
        return lockstep.simulator.trace.Event.FaultEffect.ENDS_SESSION;
    }

    @Override
    public String name() {
        return "expire";
    }

    @Override
    public String word() {
        return "expire";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public String description() {
        return "the server ends the client's session, as after a session timeout; its ephemeral nodes are deleted";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "c2 expire", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        return context.client(client).sessionAlive() ? null
                : text("refusal.sessionAlreadyEnded");
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        context.record(this, client, "the server expired " + client + "'s session");
        int seen = context.connectionEventsSeen(client);
        context.clock().advance(context.sessionTimeout());
        context.sessionEnded(client, Event.Deletion.SESSION_EXPIRED);
        context.expireOnServer(client);
        if (!context.client(client).paused()) {
            context.awaitConnection(client, seen, ConnectionState.EXPIRED);
            context.afterExpiryLearned(client);
        }
        context.settle();
    }
}
