package lockstep.algorithms.server;

import org.apache.zookeeper.util.ServiceUtils;

/**
 * A ZooKeeper server that fails inside this JVM must not end the JVM. ZooKeeper's embedded server (which Curator's
 * TestingServer uses) asks for {@code System.exit(2)} when its server thread throws, for example when a restarted
 * server finds its port taken: a run, a search of many runs, or the window would vanish without a word. With this,
 * ZooKeeper only logs the request, and the failure reaches Lockstep as a server that did not start, which it reports
 * in one line.
 */
final class ServerFailuresStayInTheServer {

    private ServerFailuresStayInTheServer() {
    }

    /** Called before any server of this JVM starts; calling it again changes nothing. */
    static void ensure() {
        ServiceUtils.setSystemExitProcedure(ServiceUtils.LOG_ONLY);
    }
}
