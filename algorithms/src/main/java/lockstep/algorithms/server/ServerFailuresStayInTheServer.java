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
 * <p>Why after every start too: Curator's TestingServer and TestingCluster run each server through ZooKeeper's
 * {@code ZooKeeperServerEmbedded} (3.9), whose {@code start} sets the procedure back to {@code SYSTEM_EXIT} (Curator
 * builds it with the default exit handler and no way to change it), at every start and restart. What remains: a
 * server that fails while it is starting, before {@code start} returns, still asks with the exiting procedure (exit
 * code 2). Its common cause, a port taken between its pick and the server's bind, is closed by {@link LoopbackPorts}.
 */
final class ServerFailuresStayInTheServer {

    private ServerFailuresStayInTheServer() {
    }

    /** Called before any server of this JVM starts; calling it again changes nothing. */
    static void ensure() {
        ServiceUtils.setSystemExitProcedure(ServiceUtils.LOG_ONLY);
    }
}
