package lockstep.simulator.frame;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import lockstep.simulator.check.Finding;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.scenario.GalleryRuns;
import lockstep.simulator.trace.Event;

/**
 * Every built-in scenario with every algorithm that runs it ({@link GalleryRuns}), every beat: the frame a picture
 * draws is true of the run. Each drawn holder has its own node, or is drawn as a zombie, or is drawn red by the
 * failure that makes it a second holder; each R/W mark is its node's own
 * kind; the holders counter counts no zombie; every finding stays from its event to the end; a caption that says a
 * client wins names a client that holds at that beat or has since let go in the same line, and one that says a client
 * released names one whose node went in a release; a write is drawn as a zombie's exactly when its writer is drawn as
 * one.
 */
class FramesAreTrueTest {

    private static final Pattern WINS = Pattern.compile("([a-z]+\\d+) wins");
    private static final Pattern RELEASED = Pattern.compile("([a-z]+\\d+) released");

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("lockstep.simulator.scenario.GalleryRuns#arguments")
    void everyFrameIsTrueOfItsRun(String scenario, String algorithm) throws Exception {
        List<Event> trace = GalleryRuns.trace(scenario, algorithm);
        Frames frames = Frames.ofTraces(List.of(trace));
        List<Finding> findings = frames.lanes().get(0).findings();
        List<String> wrong = new ArrayList<>();
        for (int b = 0; b < frames.size(); b++) {
            LaneFrame f = frames.at(b, 0);
            ReplayState s = frames.lanes().get(0).model().stateAt(f.index());
            String at = "beat " + b + " (event " + f.index() + "): ";
            for (Row row : f.rows()) {
                boolean hasNode = f.cards().stream().anyMatch(c -> !c.ghost() && c.owner().equals(row.client()));
                // a holder whose lock API says it holds in a live session without a node of its own is a failure
                // the checker names (scenario 19's c1): it must be drawn red, never as a plain holder
                if (row.key() == Row.Key.HELD && !hasNode && !row.flagged()) {
                    wrong.add(at + row.client() + " is drawn holding without a node of its own, and not flagged");
                }
                if (row.key() == Row.Key.HOLLOW && row.look() != Row.Look.ZOMBIE) {
                    wrong.add(at + row.client() + " has a hollow key but does not look like a zombie");
                }
                if (row.key() == Row.Key.HOLLOW && f.holders().live().contains(row.client())) {
                    wrong.add(at + "zombie " + row.client() + " is counted as a holder");
                }
            }
            for (Card card : f.cards()) {
                if (card.kind() != ReplayState.Znode.kindOf(card.path())) {
                    wrong.add(at + card.path() + " is marked " + card.kind());
                }
                if (card.held() && f.row(card.owner()).key() != Row.Key.HELD) {
                    wrong.add(at + card.path() + " is drawn held but " + card.owner() + " does not hold");
                }
            }
            // a write drawn as a zombie's (the unfenced write, red) is by a client drawn as a zombie, and back
            WriteMark w = f.write();
            if (w != null && w.fresh() && f.row(w.client()) != null
                    && w.byZombie() != (f.row(w.client()).look() == Row.Look.ZOMBIE)) {
                wrong.add(at + w.client() + "'s write is drawn " + (w.byZombie() ? "" : "not ")
                        + "as a zombie's, its row looks " + f.row(w.client()).look());
            }
            for (Finding finding : findings) {
                if (finding.at() <= f.index() && !f.findings().contains(finding)) {
                    wrong.add(at + "finding " + finding.kind() + " of event " + finding.at() + " is not shown");
                }
            }
            Matcher wins = WINS.matcher(f.caption());
            while (wins.find()) {
                Row winner = f.row(wins.group(1));
                if (winner == null || (winner.key() != Row.Key.HELD && winner.state() != Event.State.RELEASED
                        && winner.state() != Event.State.GAVE_UP)) {
                    wrong.add(at + "'" + f.caption() + "' but " + wins.group(1) + " is "
                            + (winner == null ? "unknown" : winner.state().label()));
                }
            }
            Matcher released = RELEASED.matcher(f.caption());
            while (released.find()) {
                String who = released.group(1);
                boolean release = s.thisLine().ghosts().stream().anyMatch(g -> g.node().owner().equals(who)
                        && g.ending() == ReplayState.Ending.RELEASE);
                if (!release) {
                    wrong.add(at + "'" + f.caption() + "' but no node of " + who + " went in a release");
                }
            }
        }
        assertTrue(wrong.isEmpty(), scenario + " with " + algorithm + ": " + String.join("\n", wrong));
    }
}
