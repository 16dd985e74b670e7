package lockstep.simulator.run;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.session.WatchKind;

/**
 * The watches the server holds, kept the way ZooKeeper's client counts them: per client, per path, per distinct
 * watcher, with the kinds each was set as. From it the conductor predicts exactly which notifications a change will
 * deliver, so it can wait for them instead of sleeping. This is the one place the watch rules live (with
 * {@link WatchKind#firedBy}).
 *
 * <p>A client that cannot be reached (its link cut, the servers down) gets no notification: a change that would fire
 * one of its watches is remembered instead. When it reconnects its client library sends its watches again
 * ({@code setWatches}, with the last zxid it saw) and the server fires, by the rules of {@code DataTree.setWatches},
 * those whose node changed meanwhile: a data watch (getData, or exists on a node that was there) fires NodeDeleted if
 * the node is gone, else NodeDataChanged; a child watch NodeDeleted or NodeChildrenChanged; an exists watch on a
 * missing node NodeCreated if the node is there now.
 *
 * <p>A watcher taken back with {@code removeWatches(path, watcher, ...)} is forgotten by the client library only: the
 * client sends {@code checkWatches}, which the server answers without removing its watch (it cannot tell one
 * client-side watcher from another). Such a watch stays here as a <em>stray</em>: when it fires, no delivery is
 * awaited (the client library drops it), and {@link #takeStrays()} hands it to the trace. The server drops it with
 * the connection. {@code removeAllWatches} does remove the server's watch. A stray is kept per kind: when the client
 * sets a watch again with the same watcher (a lock handle that gave up and asks again watches its predecessor with its
 * one watcher), the client library knows that watcher again for that kind, and the server's next notification for it
 * is delivered, not dropped; the kinds it did not set again stay stray.
 */
final class WatchBook {

    /** One notification the conductor waits for. */
    record Expected(String client, String path, EventType type) {
    }

    private record Key(String client, String path, Watcher watcher) {
    }

    private final Map<Key, EnumSet<WatchKind>> watches = new LinkedHashMap<>();
    /** Exists watches set on a node that was not there: the client library keeps those apart from data watches. */
    private final java.util.Set<Key> onAbsentNodes = new java.util.HashSet<>();
    private final java.util.Set<String> unreachable = new java.util.HashSet<>();
    /** Watches of unreachable clients whose node changed while they were away. */
    private final java.util.Set<Key> missed = new java.util.LinkedHashSet<>();
    /** The kinds of each watch the client took back but the server still holds. */
    private final Map<Key, EnumSet<WatchKind>> strays = new HashMap<>();
    /** Notifications of stray watches fired since the last {@link #takeStrays()}. */
    private final List<Expected> strayFired = new ArrayList<>();

    /** A watch the server now holds; {@code nodeExisted} is false for an exists watch on a missing node. */
    void set(String client, String path, Watcher watcher, WatchKind kind, boolean nodeExisted) {
        Key key = new Key(client, path, watcher);
        watches.computeIfAbsent(key, k -> EnumSet.noneOf(WatchKind.class)).add(kind);
        // The client library registers the watcher again: that kind is no longer stray.
        EnumSet<WatchKind> stray = strays.get(key);
        if (stray != null) {
            stray.remove(kind);
            if (stray.isEmpty()) {
                strays.remove(key);
            }
        }
        if (kind == WatchKind.EXISTS && !nodeExisted) {
            onAbsentNodes.add(key);
        }
    }

    /** The client can no longer be reached: its watches do not fire until it reconnects. */
    void away(String client) {
        unreachable.add(client);
        // The server drops a connection's watches with it; the client sends again only those it knows of.
        strays.forEach((key, kinds) -> {
            EnumSet<WatchKind> left = watches.get(key);
            if (key.client().equals(client) && left != null) {
                left.removeAll(kinds);
                if (left.isEmpty()) {
                    watches.remove(key);
                    onAbsentNodes.remove(key);
                }
            }
        });
        strays.keySet().removeIf(key -> key.client().equals(client));
    }

    /**
     * The client reconnected: the notifications its re-sent watches fire now, given whether each path exists now,
     * and those watches are gone (they are one-shot).
     */
    List<Expected> back(String client, java.util.function.Predicate<String> existsNow) {
        unreachable.remove(client);
        List<Expected> fired = new ArrayList<>();
        var keys = missed.iterator();
        while (keys.hasNext()) {
            Key key = keys.next();
            if (!key.client().equals(client)) {
                continue;
            }
            keys.remove();
            EnumSet<WatchKind> kinds = watches.get(key);
            if (kinds == null) {
                continue;
            }
            boolean there = existsNow.test(key.path());
            EventType type = null;
            if (kinds.contains(WatchKind.CHILDREN)) {
                type = there ? EventType.NodeChildrenChanged : EventType.NodeDeleted;
                kinds.remove(WatchKind.CHILDREN);
            }
            if (kinds.contains(WatchKind.DATA) || kinds.contains(WatchKind.EXISTS) && !onAbsentNodes.contains(key)) {
                type = there ? EventType.NodeDataChanged : EventType.NodeDeleted;
                kinds.remove(WatchKind.DATA);
                kinds.remove(WatchKind.EXISTS);
            } else if (kinds.contains(WatchKind.EXISTS) && there) {
                type = EventType.NodeCreated;
                kinds.remove(WatchKind.EXISTS);
            }
            if (type != null) {
                fired.add(new Expected(client, key.path(), type));
            }
            if (kinds.isEmpty()) {
                watches.remove(key);
                onAbsentNodes.remove(key);
            }
        }
        return fired;
    }

    /**
     * The notifications an event of {@code type} on {@code path} delivers (one per client and distinct watcher), and
     * the watches it consumes: they are one-shot.
     */
    List<Expected> fire(String path, EventType type) {
        List<Expected> expected = new ArrayList<>();
        List<Expected> stray = new ArrayList<>();
        var entries = watches.entrySet().iterator();
        while (entries.hasNext()) {
            var entry = entries.next();
            if (!entry.getKey().path().equals(path)) {
                continue;
            }
            EnumSet<WatchKind> kinds = entry.getValue();
            if (unreachable.contains(entry.getKey().client())) {
                if (kinds.stream().anyMatch(kind -> kind.firedBy(type))) {
                    missed.add(entry.getKey());
                }
                continue;
            }
            if (kinds.stream().anyMatch(kind -> kind.firedBy(type))) {
                Expected one = new Expected(entry.getKey().client(), path, type);
                EnumSet<WatchKind> strayKinds = strays.getOrDefault(entry.getKey(), EnumSet.noneOf(WatchKind.class));
                // Delivered when a kind it fires is one the client library still knows the watcher for.
                boolean known = kinds.stream().anyMatch(kind -> kind.firedBy(type) && !strayKinds.contains(kind));
                strayKinds.removeIf(kind -> kind.firedBy(type));
                if (strayKinds.isEmpty()) {
                    strays.remove(entry.getKey());
                }
                if (!known) {
                    if (!stray.contains(one)) {
                        stray.add(one);
                    }
                } else {
                    expected.add(one);
                }
                kinds.removeIf(kind -> kind.firedBy(type));
                if (kinds.isEmpty()) {
                    onAbsentNodes.remove(entry.getKey());
                    entries.remove();
                }
            }
        }
        // One notification per client and path travels; it is stray only when no watcher of the client still wants it.
        stray.removeIf(expected::contains);
        strayFired.addAll(stray);
        return expected;
    }

    /** The notifications of stray watches fired since the last call, in the order they fired. */
    List<Expected> takeStrays() {
        List<Expected> taken = List.copyOf(strayFired);
        strayFired.clear();
        return taken;
    }

    /**
     * removeWatches: for one watcher, the client library forgets it and the server keeps its watch (a stray from now
     * on); for all of them ({@code null}, removeAllWatches), the server forgets the client's watches on {@code path}.
     */
    void remove(String client, String path, Watcher watcher) {
        if (watcher != null) {
            watches.keySet().stream().filter(key -> key.client().equals(client) && key.path().equals(path)
                    && Objects.equals(key.watcher(), watcher))
                    .forEach(key -> strays.put(key, EnumSet.copyOf(watches.get(key))));
            return;
        }
        watches.keySet().removeIf(key -> key.client().equals(client) && key.path().equals(path));
        strays.keySet().removeIf(key -> key.client().equals(client) && key.path().equals(path));
    }

    /** A session ended: the server forgets all of its watches. */
    void forget(String client) {
        watches.keySet().removeIf(key -> key.client().equals(client));
        missed.removeIf(key -> key.client().equals(client));
        onAbsentNodes.removeIf(key -> key.client().equals(client));
        strays.keySet().removeIf(key -> key.client().equals(client));
        unreachable.remove(client);
    }

    /** The paths {@code client} has watches on, in the order they were set. */
    List<String> pathsOf(String client) {
        List<String> paths = new ArrayList<>();
        for (Key key : watches.keySet()) {
            if (key.client().equals(client) && !paths.contains(key.path())) {
                paths.add(key.path());
            }
        }
        return paths;
    }

    Map<String, Integer> countByClient() {
        Map<String, Integer> counts = new HashMap<>();
        watches.keySet().forEach(key -> counts.merge(key.client(), 1, Integer::sum));
        return counts;
    }
}
