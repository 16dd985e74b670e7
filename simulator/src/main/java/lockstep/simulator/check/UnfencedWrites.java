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
        run.walk((event, live) -> {
            if (!(event instanceof Event.Write write) || !write.accepted()) {
                return;
            }
            ClientView writer = live.client(write.client());
            Phrase why = null;
            if (writer.isStaleHolder()) {
                why = Phrase.of("check.unfenced.sessionEnded", write.client());
            } else {
                // the highest token accepted so far, this write's included: above this one only if an earlier write
                // sent a higher one (the replay's memory, which the search's states hold too)
                long highest = live.remembered().highestAccepted();
                if (write.token() < highest) {
                    why = Phrase.of("check.unfenced.olderToken", write.token(), highest);
                }
            }
            if (why != null) {
                findings.add(new Breach(write.index(), List.of(write.client()), Phrase.of("check.unfencedWrite",
                        write.index(), write.client(), write.token(), why)));
            }
        });
        return findings;
    }
}
