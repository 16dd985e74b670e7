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
            Phrase why = null;
            if (writer.isStaleHolder()) {
                why = Phrase.of("check.unfenced.sessionEnded", write.client());
            } else if (write.token() < highest[0]) {
                why = Phrase.of("check.unfenced.olderToken", write.token(), highest[0]);
            }
            if (why != null) {
                findings.add(new Breach(write.index(), List.of(write.client()), Phrase.of("check.unfencedWrite",
                        write.index(), write.client(), write.token(), why)));
            }
            highest[0] = Math.max(highest[0], write.token());
        });
        return findings;
    }
}
