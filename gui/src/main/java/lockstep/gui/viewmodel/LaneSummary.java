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
 * @param tooManyHolders more hold in a live session than the lock admits (see the frame's holders)
 * @param children      "3 children"
 * @param holdersCount  the holders counter: "2", or for a semaphore the live holders of its permits, "2/3"
 */
public record LaneSummary(List<String> flagged, String failures, String notes, int holders, String holderNames,
                          boolean tooManyHolders, String children, String holdersCount) {

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
        // A semaphore's holders are all named, up to its permits' worth (more would be drawn red anyway).
        int shown = Math.max(3, frame.holders().permits());
        String names = String.join(" ", live.size() > shown ? live.subList(0, shown) : live);
        if (!zombies.isEmpty()) {
            String zombieNames = WindowTexts.text("summary.zombies", String.join(" ", zombies));
            names = names.isEmpty() ? zombieNames : names + " · " + zombieNames;
        }
        int children = frame.children();
        int permits = frame.holders().permits();
        return new LaneSummary(frame.flagged(), failures.toString(), notes.toString(), live.size(), names,
                frame.holders().tooMany(),
                WindowTexts.text(children == 1 ? "summary.child" : "summary.children", children),
                permits > 1 ? live.size() + "/" + permits : Integer.toString(live.size()));
    }
}
