package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.State;

/**
 * Who was granted the lock, in what order, and whether the order was fair: one pass over a trace's client states and
 * script lines.
 *
 * <p>A client's request starts when it enters REQUESTING from outside the contest and lasts, through any WAITING and
 * re-checking, until it holds the lock or leaves (releases, gives up, crashes, expires, goes idle). A grant is a FIFO
 * violation when some other request, still open at that moment, started earlier, unless both are reads.
 */
final class GrantLog {

    /** An open request: its rank in request order, its mode, the script step it started at. */
    private record Request(long rank, String mode, int step) {
    }

    private final List<String> grantOrder = new ArrayList<>();
    private int fifoViolations;
    private int longestWaitSteps;

    private GrantLog() {
    }

    static GrantLog of(List<Event> events) {
        GrantLog log = new GrantLog();
        Map<String, Request> open = new LinkedHashMap<>();
        long ranks = 0;
        int step = 0;
        for (Event event : events) {
            if (event instanceof Event.ScriptLine line) {
                step = line.step();
            } else if (event instanceof Event.ClientState change) {
                String client = change.client();
                switch (change.state()) {
                    case REQUESTING, WAITING -> {
                        if (!open.containsKey(client)) {
                            open.put(client, new Request(ranks++, change.modeLabel(), step));
                        }
                    }
                    case HOLDING -> {
                        // A client that holds without having asked asks and is granted at the same moment.
                        Request granted = open.remove(client);
                        if (granted == null) {
                            granted = new Request(ranks++, change.modeLabel(), step);
                        }
                        log.grant(client, change.modeLabel(), granted, open, step);
                    }
                    default -> open.remove(client);
                }
            }
        }
        return log;
    }

    private void grant(String client, String mode, Request granted, Map<String, Request> open, int step) {
        grantOrder.add(client);
        longestWaitSteps = Math.max(longestWaitSteps, step - granted.step());
        for (Request other : open.values()) {
            boolean bothRead = "read".equals(mode) && "read".equals(other.mode());
            if (other.rank() < granted.rank() && !bothRead) {
                fifoViolations++;
                // One violation per grant, however many requests it overtook.
                return;
            }
        }
    }

    List<String> grantOrder() {
        return List.copyOf(grantOrder);
    }

    int fifoViolations() {
        return fifoViolations;
    }

    int longestWaitSteps() {
        return longestWaitSteps;
    }
}
