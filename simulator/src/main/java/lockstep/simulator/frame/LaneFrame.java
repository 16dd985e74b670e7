package lockstep.simulator.frame;

import java.util.List;

import lockstep.simulator.check.Finding;

/**
 * One lane at one beat: everything a picture of the lane draws, as immutable values (no JavaFX, no words but the
 * caption). The window, {@code render}, the GIF, {@code export --frames} and the browser player draw a lane from
 * this and nothing else, so no two pictures of one moment can disagree. Made by {@link LaneFrames#of} from the
 * replay's state: every fact here is read from {@link ReplayState}, none derived again.
 *
 * @param beat      the beat of the comparison (-1 for a frame made at an event, outside any beat)
 * @param lane      the lane's position, from 0
 * @param algorithm the lane's algorithm
 * @param index     the event the lane shows
 * @param step      the script step (0 before the first line)
 * @param line      the step's line in the scenario file (0 before the first)
 * @param script    the step's script text ("" before the first)
 * @param narration the scenario's latest {@code say:} text as the trace records it (English), from its line through
 *                  the line it announces and that line's repetitions; "" when none stands
 * @param narrationBefore the narration was said before the current line (shown as "before this line: ...")
 * @param cards     the lock's nodes and this line's ghosts, in sequence order
 * @param rows      the clients, in the lane's order
 * @param arrows    the watches the server holds, in the order they were set
 * @param pulses    this line's notifications, in order
 * @param servers   the servers and what came back in this line
 * @param write     the resource line, or null for a run that never writes
 * @param counters  the running totals
 * @param holders   who holds the lock: live holders and zombies apart
 * @param tally     what this line has done so far
 * @param caption   the lane's caption, in the language the frame was made in
 * @param findings  the findings that happened up to this event: each stays from its event to the end
 * @param flagged   the clients a failure shown involves (drawn red)
 * @param deadlock  the waits-for cycle the clients are in now (each waits for a lock the next one holds), drawn as red
 *                  arrows between them; empty when there is none
 */
public record LaneFrame(int beat, int lane, String algorithm, int index, int step, int line, String script,
                        String narration, boolean narrationBefore,
                        List<Card> cards, List<Row> rows, List<Arrow> arrows, List<Pulse> pulses,
                        Servers servers, WriteMark write, Counters counters, Holders holders, Tally tally,
                        String caption, List<Finding> findings, List<String> flagged,
                        List<WaitArrow> deadlock) {

    public LaneFrame {
        cards = List.copyOf(cards);
        rows = List.copyOf(rows);
        arrows = List.copyOf(arrows);
        pulses = List.copyOf(pulses);
        findings = List.copyOf(findings);
        flagged = List.copyOf(flagged);
        deadlock = List.copyOf(deadlock);
    }

    /** The row of {@code client}, or null. */
    public Row row(String client) {
        for (Row row : rows) {
            if (row.client().equals(client)) {
                return row;
            }
        }
        return null;
    }

    /**
     * The rows the lane's body needs: one per client, or more when the lock's nodes are more than the clients (a
     * multi-lock's directories, a semaphore's leases and inner lock), so that every card, and every arrow to it, is in
     * the picture.
     */
    public int slots() {
        int most = rows.size();
        for (Card c : cards) {
            most = Math.max(most, c.slot() + 1);
        }
        return Math.max(1, most);
    }

    /** The number of live lock nodes (ghosts not counted). */
    public int children() {
        return (int) cards.stream().filter(c -> !c.ghost()).count();
    }
}
