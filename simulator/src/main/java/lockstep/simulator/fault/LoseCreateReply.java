package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

/**
 * {@code cN lose-create-reply}: the next create the client sends reaches the server, which makes the node; the reply
 * is lost with the connection, so the client sees a connection loss for a create that happened, and reconnects with
 * its session. The case protected names exist for: a lock that simply creates again leaves an orphan node behind.
 */
public final class LoseCreateReply implements Fault {

    @Override
    public String name() {
        return "lose-create-reply";
    }

    @Override
    public String word() {
        return "lose-create-reply";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public String description() {
        return "the server applies the client's next create but its reply is lost with the connection";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("c1 acquire", "c2 lose-create-reply", "c2 acquire", "c3 acquire", "holder release", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        return context.client(client).sessionAlive() ? null
                : text("refusal.sessionEnded");
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        context.record(this, client, "the reply to " + client + "'s next create will be lost");
        context.network().loseNextCreateReply(client);
    }
}
