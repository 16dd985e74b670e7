package lockstep.algorithms.server;

import java.util.List;

import org.apache.zookeeper.client.FourLetterWordMain;

/**
 * What each server of an external connect string says it is, asked with ZooKeeper's {@code srvr} four-letter word (in
 * the default {@code 4lw.commands.whitelist}): its {@code Mode} line ({@code leader}, {@code follower},
 * {@code standalone}, ...). It reads nothing of the tree.
 *
 * <p>Guarantees: {@link #check} passes only when every listed server answers and serves as a member of an ensemble
 * (a server that refuses {@code srvr} passes, its role unknown); {@link #mode} never throws.
 */
final class EnsembleMembers {

    private static final int TIMEOUT_MS = 3_000;
    private static final String REFUSED = "not in the whitelist";

    private EnsembleMembers() {
    }

    /**
     * Checks each server of a connect string of several: a client pinned to one that does not serve would never
     * connect, and standalone servers listed together are not one ensemble (a session would not move between them).
     *
     * @throws ExternalZooKeeper.ConnectionProblem one line naming the first server that does not fit
     */
    static void check(List<String> hosts) throws ExternalZooKeeper.ConnectionProblem {
        for (String host : hosts) {
            String answer;
            try {
                answer = srvr(host);
            } catch (Exception silent) {
                answer = "";
            }
            if (answer.contains(REFUSED)) {
                continue; // a ZooKeeper that keeps its role to itself: it serves, the leader stays unknown
            }
            if (!answer.startsWith("Zookeeper version")) {
                throw new ExternalZooKeeper.ConnectionProblem(host + " does not answer as a ZooKeeper server "
                        + "(expected every server of the list serving: each client is pinned to one of them)");
            }
            String mode = modeIn(answer);
            if (mode.equals("standalone")) {
                throw new ExternalZooKeeper.ConnectionProblem(host + " is a standalone server, not a member of an "
                        + "ensemble (expected the servers of one ensemble, or a single HOST:PORT)");
            }
            if (mode.isEmpty()) {
                throw new ExternalZooKeeper.ConnectionProblem(host + " is not serving (expected every server of the "
                        + "list serving: each client is pinned to one of them)");
            }
        }
    }

    /** {@code leader}, {@code follower}, ... as the server says; "" when it does not say (or does not answer). */
    static String mode(String host) {
        try {
            return modeIn(srvr(host));
        } catch (Exception notAnswering) {
            return "";
        }
    }

    private static String srvr(String host) throws Exception {
        int colon = host.lastIndexOf(':');
        return FourLetterWordMain.send4LetterWord(host.substring(0, colon), Integer.parseInt(host.substring(colon + 1)),
                "srvr", false, TIMEOUT_MS);
    }

    private static String modeIn(String answer) {
        for (String line : answer.split("\n")) {
            if (line.startsWith("Mode: ")) {
                return line.substring("Mode: ".length()).strip();
            }
        }
        return "";
    }
}
