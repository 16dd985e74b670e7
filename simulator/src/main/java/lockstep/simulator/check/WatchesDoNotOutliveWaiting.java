package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lockstep.algorithms.session.WatchKind;
import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Watch;
import lockstep.simulator.trace.Event.State;

/**
 * When the run ends, only waiting clients have watches: a watch kept by anyone else will fire at a client that no
 * longer cares, and the server keeps it until then. One finding per client, listing its watches.
 */
final class WatchesDoNotOutliveWaiting implements Invariant {

    @Override
    public String kind() {
        return "watch-left-behind";
    }

    @Override
    public String sentence() {
        return "When the run ends, only waiting clients have watches (and a holder the children watch of its last look).";
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        Map<String, List<Watch>> byClient = new LinkedHashMap<>();
        for (String client : run.end().clients().keySet()) {
            byClient.put(client, new ArrayList<>());
        }
        for (Watch watch : run.end().watches()) {
            byClient.computeIfAbsent(watch.client(), c -> new ArrayList<>()).add(watch);
        }
        List<Breach> findings = new ArrayList<>();
        int at = run.endIndex();
        byClient.forEach((client, watches) -> {
            ClientView view = run.end().clients().get(client);
            State state = view == null ? State.IDLE : view.state();
            if (state == State.HOLDING) {
                // A herd lock's holder keeps the children watch of the look that granted it (Curator's semaphore: of
                // its leases); its own release changes those children and fires it, so it does not outlive the hold.
                watches.removeIf(w -> w.kind() == WatchKind.CHILDREN && (w.path().equals(run.end().lockPath())
                        || ownsANodeIn(run.end(), client, w.path())));
            }
            if (!watches.isEmpty() && state != State.WAITING) {
                List<Phrase> described = new ArrayList<>();
                watches.forEach(w -> described.add(Phrase.of("check.watch." + Sentences.lower(w.kind()), w.path())));
                findings.add(new Breach(at, List.of(client), Phrase.of("check.watchLeftBehind", at, client,
                        Sentences.doing(state), Phrase.list(described))));
            }
        });
        return findings;
    }

    /** Whether {@code client} owns an ephemeral node right under {@code parent}: its release will change them. */
    private static boolean ownsANodeIn(lockstep.simulator.replay.ReplayState state, String client, String parent) {
        return state.znodes().values().stream().anyMatch(z -> z.owner().equals(client) && z.isEphemeral()
                && z.path().startsWith(parent + "/") && z.path().indexOf('/', parent.length() + 1) < 0);
    }
}
