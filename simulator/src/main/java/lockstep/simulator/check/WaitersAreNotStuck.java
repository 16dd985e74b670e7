package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Watch;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.trace.Event.State;
import lockstep.algorithms.session.WatchKind;

/**
 * When the run ends, no client waits for something that cannot happen: a waiter whose watched node is gone and which
 * holds no watch that could still fire will never wake, and a waiter while nobody holds the lock is waiting for no one;
 * nor, on a semaphore, while a permit is free: the run has settled, so nothing will tell it.
 */
final class WaitersAreNotStuck implements Invariant {

    @Override
    public String kind() {
        return "stuck-waiter";
    }

    @Override
    public String sentence() {
        return "When the run ends, every waiting client waits for a holder and can still be woken.";
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<Breach> findings = new ArrayList<>();
        int at = run.endIndex();
        for (ClientView client : run.end().clients().values()) {
            if (client.state() != State.WAITING
                    || WaitersDoNotWaitForThemselves.blockingNode(client, run).isPresent()
                    || run.end().isDeadlocked(client.name())) {
                continue; // a self-deadlock, or a deadlock: each reported as such
            }
            String watched = client.watching();
            if (!watched.isEmpty() && !run.existsAtTheEnd(watched) && !canBeWoken(client.name(), run)) {
                findings.add(new Breach(at, List.of(client.name()), Phrase.of("check.stuck.onGone", at, client.name(),
                        watched)));
            } else if (run.end().holders().isEmpty()) {
                findings.add(new Breach(at, List.of(client.name()), Phrase.of("check.stuck.nobodyHolds", at,
                        client.name(), blockedBy(client, run))));
            } else if (run.end().isSemaphore() && run.end().freePermits() > 0) {
                findings.add(new Breach(at, List.of(client.name()), Phrase.of("check.stuck.freePermit", at,
                        client.name(), run.end().freePermits(), run.end().permits(), watched)));
            }
        }
        return findings;
    }

    /**
     * What keeps a waiter waiting while nobody holds, when the trace tells: a node of its own it does not know of, a
     * node left by a client that is out of the contest (nobody will delete it), or a waiter waiting for it in turn (a
     * deadlock). Empty otherwise.
     */
    private static Phrase blockedBy(ClientView client, CheckedRun run) {
        Znode node = run.end().znodes().get(client.watching());
        if (node == null && !client.watching().isEmpty()) {
            return Phrase.of("check.blocked.gone", client.watching());
        }
        if (node == null || node.owner().isEmpty()) {
            return Phrase.plain("");
        }
        if (node.owner().equals(client.name())) {
            return Phrase.of("check.blocked.ownNode", node.name());
        }
        ClientView owner = run.end().clients().get(node.owner());
        if (owner == null) {
            return Phrase.plain("");
        }
        if (owner.state() == State.WAITING) {
            Znode theirs = run.end().znodes().get(owner.watching());
            if (theirs != null && theirs.owner().equals(client.name())) {
                return Phrase.of("check.blocked.deadlock", owner.name(), client.name());
            }
            return Phrase.plain("");
        }
        if (owner.state() != State.HOLDING) {
            return Phrase.of("check.blocked.leftBy", node.name(), owner.name(), Sentences.doing(owner.state()));
        }
        return Phrase.plain("");
    }

    /** An exists watch fires when its node appears; other watches only while their node is there to change. */
    private static boolean canBeWoken(String client, CheckedRun run) {
        for (Watch watch : run.end().watches()) {
            if (watch.client().equals(client)
                    && (watch.kind() == WatchKind.EXISTS || run.existsAtTheEnd(watch.path()))) {
                return true;
            }
        }
        return false;
    }
}
