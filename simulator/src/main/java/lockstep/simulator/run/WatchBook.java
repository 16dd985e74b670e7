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
 * deliver, so it can wait for them instead of sleeping.
 */
final class WatchBook {

    /** One notification the conductor waits for. */
    record Expected(String client, String path, EventType type) {
    }

    private record Key(String client, String path, Watcher watcher) {
    }

    private final Map<Key, EnumSet<WatchKind>> watches = new LinkedHashMap<>();

    void set(String client, String path, Watcher watcher, WatchKind kind) {
        watches.computeIfAbsent(new Key(client, path, watcher), k -> EnumSet.noneOf(WatchKind.class)).add(kind);
    }

    /**
     * The notifications an event of {@code type} on {@code path} delivers (one per client and distinct watcher), and
     * the watches it consumes: they are one-shot.
     */
    List<Expected> fire(String path, EventType type) {
        List<Expected> expected = new ArrayList<>();
        var entries = watches.entrySet().iterator();
        while (entries.hasNext()) {
            var entry = entries.next();
            if (!entry.getKey().path().equals(path)) {
                continue;
            }
            EnumSet<WatchKind> kinds = entry.getValue();
            if (kinds.stream().anyMatch(kind -> kind.firedBy(type))) {
                expected.add(new Expected(entry.getKey().client(), path, type));
                kinds.removeIf(kind -> kind.firedBy(type));
                if (kinds.isEmpty()) {
                    entries.remove();
                }
            }
        }
        return expected;
    }

    /** removeWatches: the client's watcher (or all its watchers, for null) on {@code path} are gone. */
    void remove(String client, String path, Watcher watcher) {
        watches.keySet().removeIf(key -> key.client().equals(client) && key.path().equals(path)
                && (watcher == null || Objects.equals(key.watcher(), watcher)));
    }

    /** A session ended: the server forgets all of its watches. */
    void forget(String client) {
        watches.keySet().removeIf(key -> key.client().equals(client));
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
