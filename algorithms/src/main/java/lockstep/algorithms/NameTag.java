package lockstep.algorithms;

/**
 * The unique part a request node's name begins with, if any: what lets a client recognise its own node after a
 * create whose reply was lost (Curator's "protection").
 */
public enum NameTag {
    /** {@code _c_<uuid>-}, new for every request, as Curator's protected names: the engine finds its node by it. */
    UNIQUE,
    /**
     * {@code _c_<client>-}: the client's name, the same for all its requests (as ZooKeeper's own lock recipe puts the
     * session id first). Still unique per client, so a lost reply is recovered; a whole-name sort is decided by it.
     */
    CLIENT,
    /** No tag: nothing tells whose a node is, so a create whose reply was lost cannot be recognised. */
    NONE
}
