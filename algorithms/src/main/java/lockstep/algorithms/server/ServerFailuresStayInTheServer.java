package lockstep.algorithms.server;

import org.apache.zookeeper.util.ServiceUtils;

/**
 * A ZooKeeper server that fails inside this JVM must not end the JVM. ZooKeeper's servers ask for {@code System.exit}
 * through one JVM-wide procedure ({@code ServiceUtils.requestSystemExit}): code 2 when the embedded server's thread
 * throws (a restarted server finds its port taken), 14 when a quorum port cannot be bound, 1 on an unexpected error
 * (a server thread out of memory): a run, a search of many runs, or the window would vanish without a word, and an
 * error of the main thread (out of memory) would never be reported. With {@link ServiceUtils#LOG_ONLY} ZooKeeper only
 * logs the request, and the failure reaches Lockstep as a server that did not start or answers no more, which it
 * reports in one line.
 *
 * <p>Why Curator's older runner: with ZooKeeper 3.9 on the class path, Curator's TestingServer and TestingCluster
 * run each server through ZooKeeper's {@code ZooKeeperServerEmbedded}, whose {@code start} sets the JVM-wide procedure
 * back to {@code SYSTEM_EXIT} (Curator builds it with the default exit handler and no way to change it), at every
 * start and restart, and whose server thread asks for exit 2 when it fails. A server failing while another one
 * starts (a port taken under load, a restart) then ended the whole JVM: test JVMs died with exit code 2 under load.
 * Curator keeps its runner of ZooKeeper 3.5 to 3.8 ({@code TestingZooKeeperMain}, {@code TestingQuorumPeerMain}) for
 * a ZooKeeper without the embedded server, chosen by one flag read at each server's creation; Lockstep turns that flag
 * off, so no start touches the procedure and {@link ServiceUtils#LOG_ONLY}, set once, holds.
 */
final class ServerFailuresStayInTheServer {

    private static volatile boolean olderRunnerChosen;

    private ServerFailuresStayInTheServer() {
    }

    /** Called before any server of this JVM starts; calling it again changes nothing. */
    static void ensure() {
        ServiceUtils.setSystemExitProcedure(ServiceUtils.LOG_ONLY);
        if (!olderRunnerChosen) {
            chooseCuratorsOlderRunner();
        }
    }

    private static synchronized void chooseCuratorsOlderRunner() {
        if (olderRunnerChosen) {
            return;
        }
        try {
            java.lang.reflect.Field embedded = org.apache.curator.test.TestingZooKeeperServer.class
                    .getDeclaredField("hasZooKeeperServerEmbedded");
            embedded.setAccessible(true);
            embedded.setBoolean(null, false);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Another Curator: its servers keep the embedded runner, and only the window of a start stays open.
        }
        olderRunnerChosen = true;
    }
}
