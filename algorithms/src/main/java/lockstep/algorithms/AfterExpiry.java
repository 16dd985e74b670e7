package lockstep.algorithms;

/**
 * What a client of Lockstep's engine does once it learns that the server expired its session, and what its lock
 * handles then believe. A plain ZooKeeper handle is finished after an expiry; Curator opens a new session by itself,
 * and so may a client of the engine. Whatever it does, the lock it held is lost: its node died with the old session.
 */
public enum AfterExpiry {

    /** The client is finished: every later request fails, saying its session expired (a plain ZooKeeper handle). */
    CLIENT_ENDS,

    /**
     * The client opens a new session (a new ZooKeeper handle), as Curator does. Its handles say the lock is lost and
     * forget the node they had; a later request, or one that was waiting, makes a new node in the new session.
     */
    NEW_SESSION,

    /**
     * The client opens a new session, and its handles say the lock is lost but keep the path of the node they had as
     * their own, as if the node had outlived its session: the bug of {@code bug-trust-after-expiry}. The next request
     * finds "its" node and goes by it instead of making one.
     */
    NEW_SESSION_TRUSTING_OLD_NODE;

    /** True when the client goes on in a new session after an expiry. */
    public boolean opensNewSession() {
        return this != CLIENT_ENDS;
    }
}
