package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.trace.Event.ConnectionState;

/**
 * {@code server start}: the stopped servers start again on the same data. Clients reconnect with their sessions (a
 * lockstep run does not let the session timeout pass), their watches are set again, and the queue carries on.
 */
public final class ServerStart implements Fault {

    @Override
    public lockstep.simulator.trace.Event.FaultEffect effect() {
        return lockstep.simulator.trace.Event.FaultEffect.STARTS_SERVERS;
    }

    @Override
    public String name() {
        return "server-start";
    }

    @Override
    public String word() {
        return "start";
    }

    @Override
    public Target target() {
        return Target.SERVER;
    }

    @Override
    public String description() {
        return "the stopped servers start again: clients reconnect with their sessions";
    }

    @Override
    public java.util.Optional<String> undoes() {
        return java.util.Optional.of("server-stop");
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("c1 acquire", "server stop", "server start", "c2 acquire", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        if (!context.cluster().isControlled()) {
            return text("refusal.externalServers");
        }
        return context.cluster().isRunning() ? text("refusal.serversRunning")
                : null;
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        context.record(this, "", "the servers start again");
        ServerStart.start(context);
        context.settle();
    }

    /** Starts the servers and writes each disconnected client's reconnection, in client order. */
    static void start(FaultContext context) throws Exception {
        java.util.Map<String, Integer> seen = new java.util.LinkedHashMap<>();
        for (String client : context.clients()) {
            seen.put(client, context.connectionEventsSeen(client));
        }
        context.cluster().startAgain();
        context.recordServers();
        for (String client : context.clients()) {
            var view = context.client(client);
            if (view.sessionAlive() && !view.paused() && view.connection() == ConnectionState.DISCONNECTED) {
                context.awaitConnection(client, seen.get(client), ConnectionState.RECONNECTED);
            }
        }
        for (String client : context.clients()) {
            context.setReachable(client, true);
        }
    }
}
