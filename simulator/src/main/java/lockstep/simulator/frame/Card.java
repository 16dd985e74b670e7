package lockstep.simulator.frame;

import lockstep.algorithms.LockMode;
import lockstep.simulator.replay.ReplayState;

/**
 * A lock node as a lane draws it.
 *
 * @param path       the full path (shown on hover and in the inspector)
 * @param label      the short name drawn (the node's name without its protection tag)
 * @param sequence   the sequence number shown, -1 without one
 * @param owner      the client that created it
 * @param kind       the lock mode the node stands for, read from its own name: its R or W mark
 * @param ephemeral  the node is ephemeral (a persistent node outlives its owner's session)
 * @param held       its owner holds the lock through it, in a live session
 * @param ghost      the node was deleted in this script line: drawn as an outline for the whole line
 * @param ending     for a ghost, how it ended (a release, a give-up, its session's end); null for a live node
 * @param protection its protection tag ({@code _c_c2-}), "" for none
 * @param tagShown   the tag is drawn on the card: its owner's create lost its reply in this line, and the tag is how
 *                   the owner finds its node again
 * @param slot       the row the card is drawn at: its owner's row when the owners run down the rows in card order
 *                   (so a client sits beside its node and the chain reads as a chain), else its position; -1 centred
 * @param group      the lock or directory under the lock path the node belongs to ({@code A} of a multi-lock,
 *                   {@code leases} or {@code locks} of Curator's semaphore), "" for a node right under the lock path
 * @param header     the node is its group's own directory: the head of that group's tree, its nodes drawn under it
 */
public record Card(String path, String label, long sequence, String owner, LockMode kind, boolean ephemeral,
                   boolean held, boolean ghost, ReplayState.Ending ending, String protection, boolean tagShown,
                   int slot, String group, boolean header) {

    /** The card is drawn in its group's tree, under the group's own node. */
    public boolean inAGroup() {
        return !group.isEmpty() && !header;
    }

    /** The mark a card carries: "read" or "write" for a node of a shared lock, "" for an exclusive one. */
    public String mark() {
        return kind == LockMode.EXCLUSIVE ? "" : kind.label();
    }
}
