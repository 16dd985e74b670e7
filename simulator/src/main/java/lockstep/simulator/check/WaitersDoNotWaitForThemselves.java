package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.trace.Event.State;

/**
 * When the run ends, no client waits behind a node it holds the lock with: a holder that asks again without
 * reentrancy (a new request behind its own node), or a read holder that asks for the write lock in a lock that lets
 * the upgrade wait, can only be woken by its own release, which it will never make while it waits.
 *
 * <p>Found as: a client waiting at the end, with a live session, that still owns a node it already owned when it last
 * entered {@code holding}.
 */
final class WaitersDoNotWaitForThemselves implements Invariant {

    @Override
    public String kind() {
        return "self-deadlock";
    }

    @Override
    public String sentence() {
        return "When the run ends, no client waits behind a node it holds the lock with.";
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<Breach> findings = new ArrayList<>();
        int at = run.endIndex();
        for (ClientView client : run.end().clients().values()) {
            blockingNode(client, run).ifPresent(node -> findings.add(new Breach(at, List.of(client.name()),
                    Phrase.of("check.selfDeadlock", at, client.name(), node.name()))));
        }
        return findings;
    }

    /** The node {@code client} held the lock with and still owns while it waits, if it waits for itself. */
    static Optional<Znode> blockingNode(ClientView client, CheckedRun run) {
        if (client.state() != State.WAITING || !client.sessionAlive()) {
            return Optional.empty();
        }
        for (Znode node : run.end().znodes().values()) {
            if (node.owner().equals(client.name()) && node.isEphemeral()
                    && run.remembered().madeBeforeOwnersLastHold(node)) {
                return Optional.of(node);
            }
        }
        return Optional.empty();
    }
}
