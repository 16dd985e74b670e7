package lockstep.gui.viewmodel;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.check.Finding;
import lockstep.simulator.frame.LaneFrame;

import lockstep.gui.text.WindowTexts;

/**
 * What a lane's frame says besides its cards and rows, decided here so the lane view only draws: the clients a failure
 * involves (drawn red), the failure banner's and the note banner's text, the holders counter (names, and whether more
 * than one holds while that is wrong), and the children count.
 *
 * @param flagged       clients that a failure shown now involves
 * @param failures      the failure banner's lines ("" when none): "▼ " and the finding's message each
 * @param notes         the note banner's lines ("" when none): "note: " and the message each
 * @param holders       how many clients hold in a live session
 * @param holderNames   the first three live holders' names, space separated, then the zombies ("zombie: c1")
 * @param tooManyHolders more than one holds in a live session and they are not all readers
 * @param children      "3 children"
 */
public record LaneSummary(List<String> flagged, String failures, String notes, int holders, String holderNames,
                          boolean tooManyHolders, String children) {

    public LaneSummary {
        flagged = List.copyOf(flagged);
    }

    /**
     * The summary of a lane's frame: its findings' banners, its holders (live ones counted; a zombie only believes it
     * holds, so it is named apart and never counted), its children.
     */
    public static LaneSummary of(LaneFrame frame) {
        StringBuilder failures = new StringBuilder();
        StringBuilder notes = new StringBuilder();
        for (Finding f : frame.findings()) {
            StringBuilder to = f.isFailure() ? failures : notes;
            to.append(to.length() == 0 ? "" : "\n").append(f.isFailure() ? "▼ " : WindowTexts.text("summary.note"))
                    .append(f.localMessage());
        }
        List<String> live = frame.holders().live();
        List<String> zombies = frame.holders().zombies();
        String names = String.join(" ", live.size() > 3 ? live.subList(0, 3) : live);
        if (!zombies.isEmpty()) {
            String zombieNames = WindowTexts.text("summary.zombies", String.join(" ", zombies));
            names = names.isEmpty() ? zombieNames : names + " · " + zombieNames;
        }
        int children = frame.children();
        return new LaneSummary(frame.flagged(), failures.toString(), notes.toString(), live.size(), names,
                frame.holders().tooMany(),
                WindowTexts.text(children == 1 ? "summary.child" : "summary.children", children));
    }
}
