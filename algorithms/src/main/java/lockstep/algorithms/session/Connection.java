package lockstep.algorithms.session;

import java.time.Duration;

/**
 * Where and how clients connect: the connect string, the session timeout, the listener every client's seam reports
 * to (a recorder, a scheduler, or {@link SeamListener#NONE}), and the credentials sessions authenticate with
 * ({@link Credentials#NONE} but for an external ensemble; its {@code toString} hides the password).
 */
public record Connection(String connectString, Duration sessionTimeout, SeamListener listener,
                         Credentials credentials) {

    public Connection {
        if (listener == null) {
            listener = SeamListener.NONE;
        }
        if (credentials == null) {
            credentials = Credentials.NONE;
        }
        if (sessionTimeout == null) {
            sessionTimeout = Duration.ofSeconds(10);
        }
    }

    public static Connection to(String connectString) {
        return new Connection(connectString, Duration.ofSeconds(10), SeamListener.NONE, Credentials.NONE);
    }

    public Connection withListener(SeamListener newListener) {
        return new Connection(connectString, sessionTimeout, newListener, credentials);
    }

    /** The same, to another address: a client's own network link. */
    public Connection withConnectString(String address) {
        return new Connection(address, sessionTimeout, listener, credentials);
    }

    public Connection withSessionTimeout(Duration timeout) {
        return new Connection(connectString, timeout, listener, credentials);
    }

    /** The same, authenticating with {@code newCredentials}. */
    public Connection withCredentials(Credentials newCredentials) {
        return new Connection(connectString, sessionTimeout, listener, newCredentials);
    }

    public int sessionTimeoutMs() {
        return (int) sessionTimeout.toMillis();
    }
}
