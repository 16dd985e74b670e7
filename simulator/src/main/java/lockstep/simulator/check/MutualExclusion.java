package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.State;

/**
 * At every event, either at most one client holds the lock, or every holder holds it for reading. One finding per
 * grant that makes the holders incompatible (not one per event while they stay so).
 */
final class MutualExclusion implements Invariant {

    @Override
    public String kind() {
        return "mutual-exclusion";
    }

    @Override
    public String sentence() {
        return "At most one client holds the lock at a time; only readers may share it.";
    }

    @Override
    public List<Finding> findIn(CheckedRun run) {
        List<Finding> findings = new ArrayList<>();
        Map<String, String> holders = new LinkedHashMap<>();
        for (Event event : run.events()) {
            if (!(event instanceof Event.ClientState change)) {
                continue;
            }
            if (change.state() != State.HOLDING) {
                holders.remove(change.client());
                continue;
            }
            String before = holders.put(change.client(), change.mode());
            boolean changed = !change.mode().equals(before);
            if (changed && holders.size() > 1 && !holders.values().stream().allMatch("read"::equals)) {
                findings.add(new Finding(change.index(), List.copyOf(holders.keySet()),
                        "event " + change.index() + ": " + describe(holders) + " hold the lock at the same time"
                                + " (mutual exclusion)"));
            }
        }
        return findings;
    }

    /** "c2 and c3", or with modes when any holder reads or writes: "c2 (write) and c3 (read)". */
    private static String describe(Map<String, String> holders) {
        boolean showModes = holders.values().stream().anyMatch(m -> m.equals("read") || m.equals("write"));
        List<String> names = new ArrayList<>();
        holders.forEach((client, mode) -> names.add(showModes ? client + " (" + mode + ")" : client));
        return Sentences.list(names);
    }
}
