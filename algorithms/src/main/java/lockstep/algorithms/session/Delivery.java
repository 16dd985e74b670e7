package lockstep.algorithms.session;

import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.EventType;

/**
 * One event on its way to one watcher of a client.
 *
 * @param client         the client's name
 * @param event          the event (type None: a connection event)
 * @param watcher        the caller's own watcher (ZooKeeper delivers one event per distinct watcher)
 * @param defaultWatcher true for the session's default watcher, which hears connection events only
 */
public record Delivery(String client, WatchedEvent event, Watcher watcher, boolean defaultWatcher) {

    /** True for a watch notification (a node event), false for a connection event. */
    public boolean isNotification() {
        return event.getType() != EventType.None;
    }

    /** True for the events ZooKeeper sends when a watch is removed on request (removeWatches). */
    public boolean isWatchRemoval() {
        return isWatchRemoval(event.getType());
    }

    /** True for the event types ZooKeeper sends when a watch is removed on request, not because its node changed. */
    public static boolean isWatchRemoval(EventType type) {
        return type == EventType.DataWatchRemoved || type == EventType.ChildWatchRemoved
                || type == EventType.PersistentWatchRemoved;
    }
}
