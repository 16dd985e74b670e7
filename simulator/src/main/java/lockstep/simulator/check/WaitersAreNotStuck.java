package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Watch;
import lockstep.simulator.trace.Event.State;
import lockstep.algorithms.session.WatchKind;

/**
 * When the run ends, no client waits for something that cannot happen: a waiter whose watched node is gone and which
 * holds no watch that could still fire will never wake, and a waiter while nobody holds the lock is waiting for no one.
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
                    || WaitersDoNotWaitForThemselves.blockingNode(client, run).isPresent()) {
                continue; // (a client that waits for itself is a self-deadlock, reported as such)
            }
            String watched = client.watching();
            if (!watched.isEmpty() && !run.existsAtTheEnd(watched) && !canBeWoken(client.name(), run)) {
                findings.add(new Breach(at, List.of(client.name()), "event " + at + ": " + client.name()
                        + " waits on " + watched + ", which no longer exists, with no watch left to wake it"
                        + " (stuck waiter)"));
            } else if (run.end().holders().isEmpty()) {
                findings.add(new Breach(at, List.of(client.name()), "event " + at + ": " + client.name()
                        + " is still waiting but nobody holds the lock (stuck waiter)"));
            }
        }
        return findings;
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
