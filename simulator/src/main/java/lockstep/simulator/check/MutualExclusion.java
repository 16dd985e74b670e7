package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.replay.ReplayState.ClientView;

/**
 * At every event, at most one client with a live session believes it holds the lock, unless every such holder holds
 * it for reading. A semaphore (more than one permit) is held by several at once by design: {@link TooManyHolders}
 * checks it instead. A client whose session has ended and still believes it holds is a zombie: no lock can stop it from
 * believing, so it is {@link StaleHolders a note}, not this failure; what it may then do is
 * {@link UnfencedWrites another matter}. One finding per moment the live holders become incompatible, not one per
 * event while they stay so.
 */
final class MutualExclusion implements Invariant {

    @Override
    public String kind() {
        return "mutual-exclusion";
    }

    @Override
    public String sentence() {
        return "At most one client with a live session holds the lock at a time; only readers may share it.";
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<Breach> findings = new ArrayList<>();
        Map<String, String> before = new LinkedHashMap<>();
        run.walk((event, live) -> {
            if (live.permits() > 1) {
                return;
            }
            Map<String, String> holders = liveHolders(live);
            boolean grew = holders.entrySet().stream().anyMatch(h -> !h.getValue().equals(before.get(h.getKey())));
            if (grew && holders.size() > 1 && !holders.values().stream().allMatch("read"::equals)) {
                findings.add(new Breach(event.index(), List.copyOf(holders.keySet()),
                        Phrase.of("check.mutualExclusion", event.index(), describe(holders))));
            }
            before.clear();
            before.putAll(holders);
        });
        return findings;
    }

    private static Map<String, String> liveHolders(LiveReplay live) {
        Map<String, String> holders = new LinkedHashMap<>();
        for (String name : live.holders()) {
            ClientView client = live.client(name);
            if (!client.isStaleHolder()) {
                holders.put(name, client.mode());
            }
        }
        return holders;
    }

    /** "c2 and c3", or with modes when any holder reads or writes: "c2 (write) and c3 (read)". */
    private static Phrase describe(Map<String, String> holders) {
        boolean showModes = holders.values().stream().anyMatch(m -> m.equals("read") || m.equals("write"));
        List<Phrase> names = new ArrayList<>();
        holders.forEach((client, mode) -> names.add(showModes && Sentences.MODES.contains(mode)
                ? Phrase.of("check.holderWithMode", client, Phrase.of("check.mode." + mode)) : Phrase.plain(client)));
        return Phrase.list(names);
    }
}
