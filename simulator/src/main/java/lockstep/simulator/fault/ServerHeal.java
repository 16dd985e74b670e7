package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

/**
 * {@code server heal}: the partition ends; every cut link between the servers of an ensemble works again. The
 * server that was cut off finds the others at its next election round and rejoins as a follower of their leader (its
 * clients moved away when it was cut off); if the cut had left too few servers to elect a leader, they elect one
 * now and the clients left waiting reconnect with their sessions.
 */
public final class ServerHeal implements Fault {

    @Override
    public String name() {
        return "server-heal";
    }

    @Override
    public String word() {
        return "heal";
    }

    @Override
    public Target target() {
        return Target.SERVER;
    }

    @Override
    public boolean needsAnEnsemble() {
        return true;
    }

    @Override
    public String description() {
        return "every cut link between the servers works again: a server that was cut off rejoins as a follower";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "server 1 isolate", "server heal", "holder release",
                "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String server) {
        if (!context.cluster().isControlled()) {
            return text("refusal.externalEnsemble");
        }
        if (context.cluster().size() == 1) {
            return text("refusal.oneServer");
        }
        for (int s = 1; s <= context.cluster().size(); s++) {
            if (context.cluster().isIsolated(s)) {
                return null;
            }
        }
        return text("refusal.nothingCut");
    }

    @Override
    public void apply(FaultContext context, String server) throws Exception {
        int cut = 0;
        for (int s = 1; s <= context.cluster().size(); s++) {
            cut = context.cluster().isIsolated(s) ? s : cut;
        }
        context.record(this, "", cut, "server " + cut + " reaches the other servers again");
        OneServer.heal(context);
        context.settle();
    }
}
