package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

/**
 * {@code server N isolate} or {@code server leader isolate}: a network partition cuts one server of an ensemble off
 * from the other servers, both ways, while its clients still reach it. It loses the quorum and serves nobody (a
 * leader steps down once it sees too few followers); ZooKeeper closes its clients' connections, and they move to the
 * next server that is not cut off, as the client library's reconnect would. If it led, the others elect a new
 * leader and every client is disconnected meanwhile. {@code server heal} joins it again.
 */
public final class ServerIsolate implements Fault {

    @Override
    public String name() {
        return "server-isolate";
    }

    @Override
    public String word() {
        return "isolate";
    }

    @Override
    public Target target() {
        return Target.SERVER;
    }

    @Override
    public boolean namesAServer() {
        return true;
    }

    @Override
    public boolean cutsServerLinks() {
        return true;
    }

    @Override
    public String description() {
        return "a network partition cuts one server of an ensemble (N, or the leader) off from the others: it stops "
                + "serving, its clients move to another server, a new leader is elected if it led";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "server leader isolate", "holder release", "server heal",
                "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String server) {
        String why = OneServer.refusal(context, server);
        if (why != null) {
            return why;
        }
        // Only a run whose script cuts a server off has peer links to cut; the explorer's look-only servers have none,
        // so it writes no isolate line.
        if (!context.cluster().canIsolate()) {
            return text("refusal.noPeerLinks");
        }
        for (int s = 1; s <= context.cluster().size(); s++) {
            if (context.cluster().isIsolated(s)) {
                return text("refusal.isolatedAlready", s);
            }
        }
        return null;
    }

    @Override
    public void apply(FaultContext context, String server) throws Exception {
        int number = OneServer.named(context, server);
        boolean led = context.cluster().awaitLeader() == number;
        context.record(this, "", number, "server " + number + (led ? ", the leader," : "")
                + " is cut off from the other servers");
        OneServer.isolate(context, number);
        context.settle();
    }
}
