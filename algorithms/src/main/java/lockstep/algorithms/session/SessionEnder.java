package lockstep.algorithms.session;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

import lockstep.algorithms.network.ReconnectPacing;

/**
 * Ends a session from the server's side, as a session timeout would: a second handle joins the session with its id and
 * password and closes it. The server deletes the session's ephemeral nodes at once; the first handle learns that its
 * session expired when it next reaches the server. The password never leaves this method (no log, no trace).
 *
 * <p>Steps: join and close, then join again to see the server answer that the session has expired; until it does,
 * join and close once more. Why: a join takes the session's connection from the first handle, which reconnects at
 * once and may take it back before the close arrives; the server then refuses the close (the session has moved) and
 * the session lives on. Guarantee: when this returns, the server has ended the session.
 */
public final class SessionEnder {

    private SessionEnder() {
    }

    public static void expire(ZooKeeper victim, Connection connection) throws Exception {
        // The server drops the victim's connection when the twin joins; a victim that reconnected at once would take
        // the session back before the twin closes it. Holding its reconnect back makes that rare; joining again until
        // the server says Expired makes it certain.
        ReconnectPacing.immediate(victim).holdingBack(() -> endSession(victim, connection));
    }

    /**
     * Waits until {@code handle} has heard that its session expired and closed itself, as a Curator handle does (Curator
     * then opens a new session): a client library's own reaction, which it tells nobody, so its state is looked at.
     *
     * @throws IllegalStateException if it is still open after twice the session timeout
     */
    public static void awaitClosedByExpiry(ZooKeeper handle, Connection connection, String client) {
        long deadline = System.nanoTime() + 2 * connection.sessionTimeout().toNanos();
        while (handle.getState().isAlive()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(client + " did not learn that its session expired");
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
        }
    }

    private static void endSession(ZooKeeper victim, Connection connection) throws Exception {
        long sessionId = victim.getSessionId();
        byte[] password = victim.getSessionPasswd();
        long deadline = System.nanoTime() + 2 * connection.sessionTimeout().toNanos();
        while (join(sessionId, password, connection) != KeeperState.Expired) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("could not end the session");
            }
        }
    }

    /** Joins the session and closes the handle: SyncConnected (the close ends the session it owns) or Expired. */
    private static KeeperState join(long sessionId, byte[] password, Connection connection) throws Exception {
        CompletableFuture<KeeperState> answer = new CompletableFuture<>();
        ZooKeeper twin = new ZooKeeperSeam("(expiry)", connection.connectString(), connection.sessionTimeoutMs(),
                event -> {
                    if (event.getState() == KeeperState.SyncConnected || event.getState() == KeeperState.Expired) {
                        answer.complete(event.getState());
                    }
                }, sessionId, password);
        try {
            return answer.get(connection.sessionTimeoutMs(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException silent) {
            throw new IllegalStateException("could not join the session to expire it");
        } finally {
            twin.close();
        }
    }
}
