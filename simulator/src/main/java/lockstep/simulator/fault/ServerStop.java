package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.trace.Event.ConnectionState;

/**
 * {@code server stop}: the servers stop. Every client sees Disconnected and keeps trying; sessions and nodes are kept
 * on disk and live on if the servers start again within the session timeout. Watches are in the servers' memory only:
 * they go with the servers, and each client library sends its own again when it reconnects.
 */
public final class ServerStop implements Fault {

    @Override
    public lockstep.simulator.trace.Event.FaultEffect effect() {
        return lockstep.simulator.trace.Event.FaultEffect.STOPS_SERVERS;
    }

    @Override
    public String name() {
        return "server-stop";
    }

    @Override
    public String word() {
        return "stop";
    }

    @Override
    public Target target() {
        return Target.SERVER;
    }

    @Override
    public String description() {
        return "the servers stop: every client is disconnected; sessions live on if the servers return in time";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "server stop", "server start", "holder release", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        if (!context.cluster().isControlled()) {
            return text("refusal.externalServers");
        }
        return context.cluster().isRunning() ? null : text("refusal.serversStoppedAlready");
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        context.record(this, "", "the servers stop");
        ServerStop.stop(context);
        context.settle();
    }

    /** Stops the servers and writes each client's disconnection, in client order. */
    static void stop(FaultContext context) throws Exception {
        java.util.Map<String, Integer> seen = new java.util.LinkedHashMap<>();
        for (String client : context.clients()) {
            seen.put(client, context.connectionEventsSeen(client));
            context.setReachable(client, false);
        }
        context.cluster().stop();
        context.recordServers();
        for (String client : context.clients()) {
            var view = context.client(client);
            if (view.sessionAlive() && !view.paused() && view.connection() != ConnectionState.DISCONNECTED) {
                context.awaitConnection(client, seen.get(client), ConnectionState.DISCONNECTED);
            }
        }
    }
}
