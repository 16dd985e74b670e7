package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.trace.Event.ConnectionState;

/**
 * {@code cN reconnect}: the cut link works again. The client connects with the same session (within its timeout:
 * a lockstep run does not wait for time to pass), its client library sets its watches again, and the server fires
 * those whose node changed meanwhile.
 */
public final class Reconnect implements Fault {

    @Override
    public String name() {
        return "reconnect";
    }

    @Override
    public String word() {
        return "reconnect";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public String description() {
        return "the client's link is back: it reconnects with its session, and its watches are set again";
    }

    @Override
    public java.util.Optional<String> undoes() {
        return java.util.Optional.of("disconnect");
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "c3 disconnect", "c3 reconnect", "holder release", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        return context.client(client).connection() == ConnectionState.DISCONNECTED ? null
                : text("refusal.notDisconnected");
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        context.record(this, client, client + "'s network link works again");
        int seen = context.connectionEventsSeen(client);
        context.network().restore(client);
        if (!context.client(client).paused()) {
            context.awaitConnection(client, seen, ConnectionState.RECONNECTED);
        }
        context.setReachable(client, true);
        context.settle();
    }
}
