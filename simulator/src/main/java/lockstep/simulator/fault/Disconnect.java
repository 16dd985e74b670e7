package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.trace.Event.ConnectionState;

/**
 * {@code cN disconnect}: the client's network link is cut (its proxy drops the connection and lets no new one
 * through). The client sees Disconnected and keeps trying; its session lives on in the server until it times out.
 * Notifications for it wait in the server until it is back.
 */
public final class Disconnect implements Fault {

    @Override
    public String name() {
        return "disconnect";
    }

    @Override
    public String word() {
        return "disconnect";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public String description() {
        return "the client's network link is cut: it sees Disconnected, its session lives on for now";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "c2 disconnect", "holder release", "c2 reconnect", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        var view = context.client(client);
        if (view.connection() == ConnectionState.DISCONNECTED) {
            return text("refusal.disconnectedAlready");
        }
        return view.sessionAlive() ? null : text("refusal.sessionEnded");
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        context.record(this, client, client + "'s network link is cut");
        int seen = context.connectionEventsSeen(client);
        context.setReachable(client, false);
        context.network().cut(client);
        if (!context.client(client).paused()) {
            context.awaitConnection(client, seen, ConnectionState.DISCONNECTED);
        }
        context.settle();
    }
}
