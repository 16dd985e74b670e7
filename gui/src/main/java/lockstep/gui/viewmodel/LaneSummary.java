package lockstep.gui.viewmodel;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.check.Finding;
import lockstep.simulator.replay.ReplayState;

import lockstep.gui.text.WindowTexts;

/**
 * What a lane's frame says besides its cards and rows, decided here so the lane view only draws: the clients a failure
 * involves (drawn red), the failure banner's and the note banner's text, the holders counter (names, and whether more
 * than one holds while that is wrong), and the children count.
 *
 * @param flagged       clients that a failure shown now involves
 * @param failures      the failure banner's lines ("" when none): "▼ " and the finding's message each
 * @param notes         the note banner's lines ("" when none): "note: " and the message each
 * @param holders       how many clients hold
 * @param holderNames   the first three holders' names, space separated
 * @param tooManyHolders more than one holds in a live session and they are not all readers
 * @param children      "3 children"
 */
public record LaneSummary(List<String> flagged, String failures, String notes, int holders, String holderNames,
                          boolean tooManyHolders, String children) {

    public LaneSummary {
        flagged = List.copyOf(flagged);
    }

    /** The summary of state {@code s} with the findings shown at it. */
    public static LaneSummary of(ReplayState s, List<Finding> findings) {
        List<String> flagged = new ArrayList<>();
        StringBuilder failures = new StringBuilder();
        StringBuilder notes = new StringBuilder();
        for (Finding f : findings) {
            if (f.isFailure()) {
                flagged.addAll(f.clients());
            }
            StringBuilder to = f.isFailure() ? failures : notes;
            to.append(to.length() == 0 ? "" : "\n").append(f.isFailure() ? "▼ " : WindowTexts.text("summary.note")).append(f.localMessage());
        }
        List<String> holders = s.holders();
        int children = s.znodes().size();
        return new LaneSummary(flagged, failures.toString(), notes.toString(), holders.size(),
                String.join(" ", holders.size() > 3 ? holders.subList(0, 3) : holders),
                liveHolders(s) > 1 && !allReaders(s), WindowTexts.text(children == 1 ? "summary.child" : "summary.children", children));
    }

    /**
     * Holders in a live session of the lock's: a zombie (its session ended while it held) is not a second holder, it is
     * the checker's stale-holder note, so it alone does not turn the counter red (scenario 11: the paused c1 and c2).
     */
    private static long liveHolders(ReplayState s) {
        return s.holders().stream().map(h -> s.clients().get(h)).filter(c -> c == null || !c.isStaleHolder()).count();
    }

    private static boolean allReaders(ReplayState s) {
        for (String h : s.holders()) {
            ReplayState.ClientView c = s.clients().get(h);
            if (c == null || !"read".equals(c.mode())) {
                return false;
            }
        }
        return true;
    }
}
