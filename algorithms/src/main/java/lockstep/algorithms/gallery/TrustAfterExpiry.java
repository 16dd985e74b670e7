package lockstep.algorithms.gallery;

import java.util.List;

import lockstep.algorithms.AfterExpiry;
import lockstep.algorithms.Decision;
import lockstep.algorithms.LockAlgorithm;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.Naive;
import lockstep.algorithms.NodeName;
import lockstep.algorithms.RequestNode;

/**
 * {@code bug-trust-after-expiry}: the lock of one fixed ephemeral node ({@link Naive}), on a client that opens a new
 * session after an expiry, as Curator does, and whose handle keeps the path of the node it made as its own across
 * that expiry ({@link AfterExpiry#NEW_SESSION_TRUSTING_OLD_NODE}).
 *
 * <p>The handle knows the lock was lost with the old session. But when the client asks again in the new session, the
 * engine sees a node path of its own and makes no new request; for the one fixed node, a path of its own means "our
 * create made it", so it holds without a call, whether another client has made the node again since the old one
 * died with the expired session, or nobody has and the next asker makes it. Two holders, both with live sessions: a
 * mutual exclusion failure. The fix: a node belongs to the session that made it; after an expiry, forget it
 * ({@link AfterExpiry#NEW_SESSION}), or check its ephemeral owner, as the naive lock's look does after a lost reply.
 */
public final class TrustAfterExpiry implements LockAlgorithm {

    private final Naive decision = new Naive();

    @Override
    public String nodePrefix(LockMode mode) {
        return decision.nodePrefix(mode);
    }

    @Override
    public RequestNode requestNode() {
        return decision.requestNode();
    }

    @Override
    public AfterExpiry afterExpiry() {
        return AfterExpiry.NEW_SESSION_TRUSTING_OLD_NODE;
    }

    @Override
    public Decision decide(List<NodeName> sortedChildren, NodeName ours) {
        return decision.decide(sortedChildren, ours);
    }
}
