package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.trace.Event;

/**
 * The protected resource accepts a write only from a client whose session is alive and whose fencing token is not
 * older than one it already accepted. A write that breaks this is what a lock exists to prevent: a zombie (its session
 * expired while it was paused) overwrote the work of the client that holds the lock now. Fencing tokens (the
 * resource refusing a lower token) turn the zombie's write away, as long as the new holder wrote first.
 */
final class UnfencedWrites implements Invariant {

    @Override
    public String kind() {
        return "unfenced-write";
    }

    @Override
    public String sentence() {
        return "The resource accepts no write from a client whose session has ended or whose fencing token is stale.";
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<Breach> findings = new ArrayList<>();
        long[] highest = {-1};
        run.walk((event, live) -> {
            if (!(event instanceof Event.Write write) || !write.accepted()) {
                return;
            }
            ClientView writer = live.client(write.client());
            String why = null;
            if (writer.isStaleHolder()) {
                why = "the session " + write.client() + " got the lock in had ended";
            } else if (write.token() < highest[0]) {
                why = "its token " + write.token() + " is older than token " + highest[0] + ", already accepted";
            }
            if (why != null) {
                findings.add(new Breach(write.index(), List.of(write.client()), "event " + write.index()
                        + ": the resource accepted " + write.client() + "'s write with token " + write.token()
                        + " though " + why + " (unfenced write)"));
            }
            highest[0] = Math.max(highest[0], write.token());
        });
        return findings;
    }
}
