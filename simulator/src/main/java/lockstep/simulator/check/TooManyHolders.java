package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.replay.LiveReplay;

/**
 * A semaphore with N permits: at every event, at most N clients with a live session believe they hold it. (With one
 * permit the lock is a mutex, and {@link MutualExclusion} checks it.) A zombie only believes it holds: it is a
 * {@link StaleHolders note}, not counted here. One finding per moment the live holders grow past N.
 */
final class TooManyHolders implements Invariant {

    @Override
    public String kind() {
        return "too-many-holders";
    }

    @Override
    public String sentence() {
        return "At most N clients with a live session hold a semaphore of N permits at a time.";
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<Breach> findings = new ArrayList<>();
        List<String> before = new ArrayList<>();
        run.walk((event, live) -> {
            if (live.permits() <= 1) {
                return;
            }
            List<String> holders = liveHolders(live);
            boolean grew = holders.stream().anyMatch(h -> !before.contains(h));
            if (grew && holders.size() > live.permits()) {
                findings.add(new Breach(event.index(), List.copyOf(holders), Phrase.of("check.tooManyHolders",
                        event.index(), Phrase.list(holders.stream().map(Phrase::plain).toList()), holders.size(),
                        live.permits())));
            }
            before.clear();
            before.addAll(holders);
        });
        return findings;
    }

    private static List<String> liveHolders(LiveReplay live) {
        return live.holders().stream().filter(name -> !live.client(name).isStaleHolder()).toList();
    }
}
