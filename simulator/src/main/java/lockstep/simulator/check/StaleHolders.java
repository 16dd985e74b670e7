package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A note, not a failure: a client still believes it holds the lock after the server ended its session (a zombie,
 * typically after a long pause). No lock can prevent a paused process from believing what it believed; what matters
 * is that the resource turns its writes away ({@link UnfencedWrites}). One note each time a client becomes stale.
 */
final class StaleHolders implements Invariant {

    @Override
    public String kind() {
        return "stale-holder";
    }

    @Override
    public String sentence() {
        return "A client that believes it holds the lock after its session ended is a zombie: fencing must make it "
                + "harmless.";
    }

    @Override
    public boolean isNote() {
        return true;
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<Breach> notes = new ArrayList<>();
        Set<String> stale = new HashSet<>();
        run.walk((event, live) -> {
            for (String holder : live.holders()) {
                if (live.client(holder).isStaleHolder() && stale.add(holder)) {
                    notes.add(new Breach(event.index(), List.of(holder), Phrase.of("check.staleHolder",
                            event.index(), holder)));
                }
            }
            stale.removeIf(name -> !live.client(name).isStaleHolder());
        });
        return notes;
    }
}
