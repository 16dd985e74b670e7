package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.trace.Event.State;

/**
 * {@code cN give-up}: a waiting client stops waiting, as on a timeout (its thread is interrupted): a correct lock
 * deletes the client's node and removes its watch, so nothing is left behind.
 */
public final class GiveUp implements Fault {

    @Override
    public String name() {
        return "give-up";
    }

    @Override
    public String word() {
        return "give-up";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public String description() {
        return "a waiting client stops waiting, as on a timeout: its node and watch should go";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "c2 give-up", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        State state = context.client(client).state();
        return state == State.WAITING || state == State.REQUESTING ? null
                : text("refusal.notWaiting");
    }

    @Override
    public void apply(FaultContext context, String client) {
        context.record(this, client, client + " stops waiting, as on a timeout");
        context.giveUp(client);
        context.settle();
    }
}
