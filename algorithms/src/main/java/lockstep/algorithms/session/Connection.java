package lockstep.algorithms.session;

import java.time.Duration;

/**
 * Where and how clients connect: the connect string, the session timeout, and the listener every client's seam reports
 * to (a recorder, a scheduler, or {@link SeamListener#NONE}).
 */
public record Connection(String connectString, Duration sessionTimeout, SeamListener listener) {

    public Connection {
        if (listener == null) {
            listener = SeamListener.NONE;
        }
        if (sessionTimeout == null) {
            sessionTimeout = Duration.ofSeconds(10);
        }
    }

    public static Connection to(String connectString) {
        return new Connection(connectString, Duration.ofSeconds(10), SeamListener.NONE);
    }

    public Connection withListener(SeamListener newListener) {
        return new Connection(connectString, sessionTimeout, newListener);
    }

    /** The same, to another address: a client's own network link. */
    public Connection withConnectString(String address) {
        return new Connection(address, sessionTimeout, listener);
    }

    public Connection withSessionTimeout(Duration timeout) {
        return new Connection(connectString, timeout, listener);
    }

    public int sessionTimeoutMs() {
        return (int) sessionTimeout.toMillis();
    }
}
