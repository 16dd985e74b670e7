package lockstep.algorithms.session;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

import lockstep.algorithms.network.ReconnectPacing;

/**
 * Ends a session from the server's side, as a session timeout would: a second handle joins the session with its id and
 * password and closes it. The server deletes the session's ephemeral nodes at once; the first handle learns that its
 * session expired when it next reaches the server. The password never leaves this method (no log, no trace).
 */
public final class SessionEnder {

    private SessionEnder() {
    }

    public static void expire(ZooKeeper victim, Connection connection) throws Exception {
        // The server drops the victim's connection when the twin joins; a victim that reconnected at once would take
        // the session back before the twin closes it. It reconnects after, and hears that its session expired.
        ReconnectPacing.immediate(victim).holdingBack(() -> joinAndClose(victim, connection));
    }

    private static void joinAndClose(ZooKeeper victim, Connection connection) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper twin = new ZooKeeperSeam("(expiry)", connection.connectString(), connection.sessionTimeoutMs(),
                event -> {
                    if (event.getState() == KeeperState.SyncConnected) {
                        connected.countDown();
                    }
                }, victim.getSessionId(), victim.getSessionPasswd());
        try {
            if (!connected.await(connection.sessionTimeoutMs(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("could not join the session to expire it");
            }
        } finally {
            twin.close();
        }
    }
}
