package lockstep.simulator.check;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.zookeeper.CreateMode;

import lockstep.algorithms.NodeName;
import lockstep.simulator.BadInputException;
import lockstep.simulator.trace.Event;

/**
 * What a run cannot have written, found in a trace read from a file: a trace edited by hand, or made by something
 * else, is refused before it is judged, drawn or exported as if a run had made it. The reader has already checked the
 * file's shape (numbering from 0 without gaps, one {@code run-started} first, every field); these are the facts that
 * hold between events:
 * <ul>
 *   <li>the seed is not negative (a run's seed never is);</li>
 *   <li>every client an event names (its client, a node's owner, the client that deleted a node) is one of the
 *   {@code run-started} event's clients;</li>
 *   <li>a sequential node's {@code seq} is the number its name ends in, and a node without one has {@code -1}.</li>
 * </ul>
 * Acquisitions and the grant order are not compared: a run's own counts differ where a reentrant holder is granted
 * again or a new session takes an old node for its own (scenarios 19 and 21), so only a rerun can tell.
 * An event deleted, swapped or duplicated and the rest renumbered, or another algorithm's name in the header, the
 * reader refuses before: the run-ended line's digest no longer matches the lines before it. What a forger who writes
 * that digest again makes, and these facts do not catch, is what {@code check --rerun} finds, by running the recorded
 * scenario again under the recorded schedule.
 */
public final class TraceIntegrity {

    /** The first broken fact: the event it is found at and one line saying what is wrong (what was expected). */
    public record Problem(int index, String what) {
    }

    private TraceIntegrity() {
    }

    /** The first fact of {@code events} no run could have written, or null when there is none. */
    public static Problem firstProblem(List<Event> events) {
        if (events.isEmpty() || !(events.get(0) instanceof Event.RunStarted start)) {
            return null; // the reader refuses such a file before
        }
        if (start.seed() < 0) {
            return new Problem(0, text("integrity.negativeSeed", Long.toString(start.seed())));
        }
        Set<String> clients = new HashSet<>(start.clients());
        for (Event event : events) {
            String named = event.client();
            if (event instanceof Event.NodeDeleted deleted && !deleted.by().isEmpty()
                    && !clients.contains(deleted.by())) {
                named = deleted.by();
            }
            if (!named.isEmpty() && !clients.contains(named)) {
                return new Problem(event.index(), text("integrity.unknownClient", named,
                        String.join(", ", start.clients())));
            }
            if (event instanceof Event.NodeCreated created) {
                String name = created.path().substring(created.path().lastIndexOf('/') + 1);
                boolean sequential = created.mode() == CreateMode.EPHEMERAL_SEQUENTIAL
                        || created.mode() == CreateMode.PERSISTENT_SEQUENTIAL
                        || created.mode() == CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL;
                long expected = sequential && NodeName.isSequential(name) ? NodeName.parse(name).sequence() : -1;
                if (created.sequence() != expected) {
                    return new Problem(event.index(), text("integrity.sequence", Long.toString(created.sequence()), created.path(),
                            Long.toString(expected)));
                }
            }
        }
        return null;
    }

    /**
     * Refuses {@code events}, read from {@code source}, when {@link #firstProblem} finds a problem: one line
     * {@code SOURCE:LINE:1: ...} at the event's line (event i is on line i + 1).
     */
    public static void refuseBroken(List<Event> events, String source) throws BadInputException {
        Problem problem = firstProblem(events);
        if (problem != null) {
            throw new BadInputException(source, problem.index() + 1, 1, text("integrity.refused", problem.what()));
        }
    }
}
