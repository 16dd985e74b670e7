package lockstep.simulator.replay;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import lockstep.simulator.trace.Event.State;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.trace.Event;

/**
 * What a run remembers of its past that its state ({@link ReplayState}) does not show and that the rest of the run
 * may still read: each client's fencing token (what its next write will send), the highest token the resource
 * accepted (what the checker compares later writes with), the moment each client last got the lock and when each
 * lock path was first and last made (what the checker's self-deadlock question reads at the end). Kept by the one
 * interpreter, {@link Replay}, event by event.
 *
 * <p>The token rule is the run's own ({@code ClientStates}): a client that gets the lock by an acquire it started
 * while not holding takes its newest ephemeral lock node's sequence number, or for a node without one, the index of
 * that node's creation; a holder's own acquire (a reentrant one, an upgrade) keeps the token it had.
 *
 * @param tokens            each client's token, for clients that got the lock at least once
 * @param tokenKinds        what the tokens were taken from: "sequence", "creation", or both
 * @param askedAsHolder     the clients asking again while they hold (their grant keeps their token)
 * @param createReplyToLose the clients whose next create's reply will be lost ({@code lose-create-reply} applied,
 *                          no create sent since): a fault armed in the network, not yet seen in the state
 * @param highestAccepted   the highest token of a write the resource accepted, -1 before any
 * @param lastHolding       each client's last index at which it entered the holding state
 * @param firstCreated      each lock path's first creation index
 * @param lastCreated       each lock path's latest creation index
 */
public record Remembered(Map<String, Long> tokens, Set<String> tokenKinds, Set<String> askedAsHolder,
                         Set<String> createReplyToLose,
                         long highestAccepted,
                         Map<String, Integer> lastHolding, Map<String, Integer> firstCreated,
                         Map<String, Integer> lastCreated) {

    public Remembered {
        tokens = Map.copyOf(tokens);
        tokenKinds = Set.copyOf(tokenKinds);
        askedAsHolder = Set.copyOf(askedAsHolder);
        createReplyToLose = Set.copyOf(createReplyToLose);
        lastHolding = Map.copyOf(lastHolding);
        firstCreated = Map.copyOf(firstCreated);
        lastCreated = Map.copyOf(lastCreated);
    }

    /** Whether {@code node} was made (its path, in any of its lives) before its owner last got the lock. */
    public boolean madeBeforeOwnersLastHold(Znode node) {
        Integer held = lastHolding.get(node.owner());
        Integer made = firstCreated.get(node.path());
        return held != null && made != null && made < held;
    }

    /** The registry name of the fault that arms a lost create reply ({@code lockstep.simulator.fault.LoseCreateReply}). */
    static final String LOSE_CREATE_REPLY = "lose-create-reply";

    /** The running memory {@link Replay} keeps; {@link #NONE} for a replay that only draws. */
    static class Keeper {

        /** Remembers nothing: what a replay that only draws keeps (copying it costs nothing, a seek copies a lot). */
        static final Keeper NONE = new Keeper() {
            @Override
            Keeper copy() {
                return this;
            }

            @Override
            void created(String path, int index) {
            }

            @Override
            void entering(Event.ClientState e, State was, Map<String, Znode> nodes) {
            }

            @Override
            void fault(Event.Fault e) {
            }

            @Override
            void call(Event.Call e) {
            }

            @Override
            void wrote(Event.Write e) {
            }

            @Override
            Remembered snapshot() {
                throw new IllegalStateException("this replay only draws: it keeps no memory of the run");
            }
        };

        private final Map<String, Long> tokens = new LinkedHashMap<>();
        private final Set<String> tokenKinds = new LinkedHashSet<>();
        private final Set<String> askedAsHolder = new LinkedHashSet<>();
        private final Set<String> createReplyToLose = new LinkedHashSet<>();
        private long highestAccepted = -1;
        private final Map<String, Integer> lastHolding = new LinkedHashMap<>();
        private final Map<String, Integer> firstCreated = new LinkedHashMap<>();
        private final Map<String, Integer> lastCreated = new LinkedHashMap<>();

        Keeper copy() {
            Keeper copy = new Keeper();
            copy.tokens.putAll(tokens);
            copy.tokenKinds.addAll(tokenKinds);
            copy.askedAsHolder.addAll(askedAsHolder);
            copy.createReplyToLose.addAll(createReplyToLose);
            copy.highestAccepted = highestAccepted;
            copy.lastHolding.putAll(lastHolding);
            copy.firstCreated.putAll(firstCreated);
            copy.lastCreated.putAll(lastCreated);
            return copy;
        }

        void created(String path, int index) {
            firstCreated.putIfAbsent(path, index);
            lastCreated.put(path, index);
        }

        /** Before {@code e} changes the client's view; {@code nodes} the lock's children then, in sequence order. */
        void entering(Event.ClientState e, State was, Map<String, Znode> nodes) {
            boolean asking = e.state() == State.REQUESTING || e.state() == State.WAITING;
            if (e.state() == State.HOLDING) {
                lastHolding.put(e.client(), e.index());
                if (was != State.HOLDING && !askedAsHolder.contains(e.client())) {
                    token(e.client(), nodes);
                }
            }
            if (was == State.HOLDING && asking) {
                askedAsHolder.add(e.client());
            } else if (!asking) {
                askedAsHolder.remove(e.client());
            }
        }

        private void token(String client, Map<String, Znode> nodes) {
            Znode newest = null;
            for (Znode node : nodes.values()) {
                if (node.owner().equals(client) && node.isEphemeral()) {
                    newest = node;
                }
            }
            if (newest == null) {
                tokens.put(client, -1L);
            } else if (newest.sequence() >= 0) {
                tokens.put(client, newest.sequence());
                tokenKinds.add("sequence");
            } else {
                tokens.put(client, (long) lastCreated.getOrDefault(newest.path(), -1));
                tokenKinds.add("creation");
            }
        }

        /** A fault: {@code lose-create-reply} arms the loss of the client's next create's reply. */
        void fault(Event.Fault e) {
            if (e.kind().equals(LOSE_CREATE_REPLY)) {
                createReplyToLose.add(e.client());
            }
        }

        /** A call: the client's next create takes the armed loss with it (its reply is the one lost). */
        void call(Event.Call e) {
            if (e.op() == Event.Op.CREATE) {
                createReplyToLose.remove(e.client());
            }
        }

        void wrote(Event.Write e) {
            if (e.accepted()) {
                highestAccepted = Math.max(highestAccepted, e.token());
            }
        }

        Remembered snapshot() {
            return new Remembered(tokens, tokenKinds, askedAsHolder, createReplyToLose, highestAccepted, lastHolding, firstCreated, lastCreated);
        }
    }
}
