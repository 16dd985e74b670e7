package lockstep.algorithms.testing;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.FourLetterWordMain;

/** A plain session that looks at the server from outside the seam, for assertions. */
public final class Inspector implements AutoCloseable {

    private final ZooKeeper zk;
    private final String host;
    private final int port;

    public Inspector(String connectString) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        zk = new ZooKeeper(connectString, 10_000, event -> {
            if (event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        if (!connected.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("inspector could not connect");
        }
        int colon = connectString.lastIndexOf(':');
        host = connectString.substring(0, colon);
        port = Integer.parseInt(connectString.substring(colon + 1));
    }

    /** The children of {@code path}, or none when it does not exist. */
    public List<String> children(String path) throws Exception {
        try {
            return zk.getChildren(path, false);
        } catch (KeeperException.NoNodeException gone) {
            return List.of();
        }
    }

    /**
     * The ephemeral nodes at or below {@code path}, as paths relative to it, sorted: a lock's request nodes, however
     * deep a recipe keeps them (Curator's semaphore under {@code leases/} and {@code locks/}), without the container
     * nodes that hold them.
     */
    public List<String> requestNodes(String path) throws Exception {
        List<String> found = new java.util.ArrayList<>();
        for (String child : children(path)) {
            collect(path + "/" + child, child, found);
        }
        return found.stream().sorted().toList();
    }

    private void collect(String path, String relative, List<String> found) throws Exception {
        org.apache.zookeeper.data.Stat stat = zk.exists(path, false);
        if (stat == null) {
            return;
        }
        if (stat.getEphemeralOwner() != 0) {
            found.add(relative);
        }
        for (String child : children(path)) {
            collect(path + "/" + child, relative + "/" + child, found);
        }
    }

    /** Deletes {@code path} from outside the seam (whatever its version), as an operator or another program might. */
    public void delete(String path) throws Exception {
        zk.delete(path, -1);
    }

    /** Whether {@code path} exists. */
    public boolean exists(String path) throws Exception {
        return zk.exists(path, false) != null;
    }

    /** The server's count of watches it holds (four-letter word wchs). */
    public int watchCount() throws Exception {
        String answer = FourLetterWordMain.send4LetterWord(host, port, "wchs");
        for (String line : answer.split("\n")) {
            if (line.startsWith("Total watches:")) {
                return Integer.parseInt(line.substring("Total watches:".length()).trim());
            }
        }
        throw new AssertionError("no watch count in: " + answer);
    }

    /**
     * The sessions the server holds a watch for on {@code path} or below it (four-letter word wchc: each session id,
     * then the paths it watches, one a line).
     */
    public java.util.Set<Long> sessionsWatchingUnder(String path) throws Exception {
        String answer = FourLetterWordMain.send4LetterWord(host, port, "wchc");
        java.util.Set<Long> sessions = new java.util.HashSet<>();
        long session = 0;
        for (String line : answer.split("\n")) {
            String trimmed = line.trim();
            if (trimmed.startsWith("0x")) {
                session = Long.parseUnsignedLong(trimmed.substring(2), 16);
            } else if (trimmed.equals(path) || trimmed.startsWith(path + "/")) {
                sessions.add(session);
            }
        }
        return sessions;
    }

    @Override
    public void close() throws InterruptedException {
        zk.close();
    }
}
