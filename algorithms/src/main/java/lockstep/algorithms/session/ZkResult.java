package lockstep.algorithms.session;

import java.util.List;

import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.data.Stat;

/**
 * What the server answered to a {@link ZkCall}: a result code and what the caller learned.
 *
 * @param code        {@link Code#OK} or the error
 * @param createdPath the path a successful create made (with its sequence number), else null
 * @param children    the children a successful getChildren returned (in the server's order), else null
 * @param stat        the node's Stat when the call returned one (exists, getData, create), else null
 */
public record ZkResult(Code code, String createdPath, List<String> children, Stat stat) {

    public boolean ok() {
        return code == Code.OK;
    }

    /** Whether this result left the call's watch on the server: exists leaves one even on a missing node. */
    public boolean watchLeft(ZkCall call) {
        return call.watchKind() != null
                && (ok() || (call.op() == ZkOp.EXISTS && code == Code.NONODE));
    }

    static ZkResult failed(Code code) {
        return new ZkResult(code, null, null, null);
    }
}
