package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.trace.Event.State;

/**
 * When the run ends, no ephemeral node under the lock belongs to a client that is out of the contest (crashed,
 * expired, released without asking again, gave up): such a node blocks or confuses every later waiter.
 */
final class EphemeralNodesDieWithTheirOwners implements Invariant {

    private static final Set<State> OUT_OF_THE_CONTEST =
            EnumSet.of(State.CRASHED, State.EXPIRED, State.RELEASED, State.GAVE_UP);

    @Override
    public String kind() {
        return "orphaned-node";
    }

    @Override
    public String sentence() {
        return "When the run ends, no ephemeral lock node outlives its owner's part in the contest.";
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<Breach> findings = new ArrayList<>();
        int at = run.endIndex();
        for (Znode node : run.end().znodes().values()) {
            ClientView owner = run.end().clients().get(node.owner());
            if (owner != null && isEphemeral(node) && OUT_OF_THE_CONTEST.contains(owner.state())) {
                findings.add(new Breach(at, List.of(owner.name()), Phrase.of("check.orphanedNode", at, node.path(),
                        owner.name(), Sentences.doing(owner.state()))));
            }
        }
        return findings;
    }

    private static boolean isEphemeral(Znode node) {
        return node.isEphemeral();
    }
}
