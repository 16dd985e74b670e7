package org.apache.zookeeper;

import java.io.IOException;

import org.apache.zookeeper.client.ZKClientConfig;

/**
 * ZooKeeper's NIO client socket without the fixed 100 ms pause in {@code cleanup()}, so that a broken connection
 * (a cut link, a stopped server, a lost reply, a crashed client's close) is reported to the client as soon as it
 * happens.
 *
 * <p>Why: ZooKeeper 3.9.5's {@code ClientCnxnSocketNIO.cleanup()} closes the socket and then sleeps 100 ms on the
 * send thread, before the pending calls fail with a connection loss, Disconnected is delivered and a reconnect is
 * tried. The pause only spaces out reconnect attempts that keep failing; Lockstep spaces those itself
 * ({@code lockstep.algorithms.network.ReconnectPacing}: 5 ms, doubling up to 100 ms), and a lockstep run waits,
 * counted, for each of these events, so the pause was the floor of every fault that breaks a connection (measured
 * with {@code lockstep bench explore}: most of a fault line's time).
 *
 * <p>How: it lives in ZooKeeper's package because {@code cleanup()} and the constructor are package-private; it is
 * chosen through the client setting {@code zookeeper.clientCnxnSocket} ({@link #chosenIn}). It runs the original
 * cleanup with the send thread's interrupt flag set, so the sleep at its end returns at once (ZooKeeper catches the
 * interruption and goes on, as it does for any interruption there); the flag is cleared again before it returns.
 *
 * <p>Guarantees: everything else, the socket's closing included, is ZooKeeper's own code; the order of events a
 * client sees does not change, only how soon they come.
 */
public class ClientCnxnSocketWithoutCleanupPause extends ClientCnxnSocketNIO {

    public ClientCnxnSocketWithoutCleanupPause(ZKClientConfig clientConfig) throws IOException {
        super(clientConfig);
    }

    /** {@code config}, set to make its handle use this socket; returned for use in a constructor call. */
    public static ZKClientConfig chosenIn(ZKClientConfig config) {
        config.setProperty(ZKClientConfig.ZOOKEEPER_CLIENT_CNXN_SOCKET,
                ClientCnxnSocketWithoutCleanupPause.class.getName());
        return config;
    }

    @Override
    void cleanup() {
        Thread.currentThread().interrupt(); // the pause at the end of cleanup() is a sleep: it returns at once
        try {
            super.cleanup();
        } finally {
            Thread.interrupted(); // taken by the sleep already; cleared here should the sleep ever be gone
        }
    }
}
