package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.trace.Event.ConnectionState;

/**
 * {@code cN move}: on an ensemble, the client's connection moves to the next running server (by number, wrapping):
 * it sees Disconnected and reconnects there at once with its session, as a ZooKeeper client does when it changes
 * server. Its watches are set again on the new server.
 */
public final class Move implements Fault {

    @Override
    public String name() {
        return "move";
    }

    @Override
    public String word() {
        return "move";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public boolean needsAnEnsemble() {
        return true;
    }

    @Override
    public String description() {
        return "on an ensemble, the client reconnects to the next running server with its session";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "c2 move", "holder release", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        if (context.cluster().size() == 1) {
            return text("refusal.oneServer");
        }
        var view = context.client(client);
        if (!view.sessionAlive()) {
            return text("refusal.sessionEnded");
        }
        if (view.paused()) {
            return text("refusal.pausedMove");
        }
        if (view.connection() == ConnectionState.DISCONNECTED) {
            return text("refusal.disconnectedMove");
        }
        return OneServer.nextRunning(context, context.serverOf(client)) == 0
                ? text("refusal.noOtherServer") : null;
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        int from = context.serverOf(client);
        int to = OneServer.nextRunning(context, from);
        context.record(this, client, to, client + " moves from server " + from + " to server " + to);
        int seen = context.connectionEventsSeen(client);
        context.setReachable(client, false);
        context.moveClient(client, to, true);
        context.awaitConnection(client, seen, ConnectionState.DISCONNECTED);
        context.awaitConnection(client, seen, ConnectionState.RECONNECTED);
        context.setReachable(client, true);
        context.settle();
    }
}
