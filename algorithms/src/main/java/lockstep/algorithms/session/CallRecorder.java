package lockstep.algorithms.session;

import java.util.ArrayList;
import java.util.List;

import org.apache.zookeeper.Watcher.Event.EventType;

/**
 * A seam listener that writes down, in the order they happen, every call (with its result) and every watch
 * notification delivered. Thread-safe; it never blocks a client.
 */
public final class CallRecorder implements SeamListener {

    /** One thing the seam saw. */
    public sealed interface Entry {
        String client();
    }

    /** A call and the server's answer. */
    public record CallEntry(ZkCall call, ZkResult result) implements Entry {
        @Override
        public String client() {
            return call.client();
        }
    }

    /** A notification handed to one of the client's watchers ({@code type} None: a connection event). */
    public record Notification(String client, String path, EventType type) implements Entry {
    }

    private final List<Entry> entries = new ArrayList<>();

    @Override
    public synchronized void afterCall(ZkCall call, ZkResult result) {
        entries.add(new CallEntry(call, result));
    }

    @Override
    public synchronized void beforeDelivery(Delivery delivery) {
        entries.add(new Notification(delivery.client(), delivery.event().getPath(), delivery.event().getType()));
    }

    /** Everything so far, in order. */
    public synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** The calls so far, in order. */
    public synchronized List<CallEntry> calls() {
        return entries.stream().filter(CallEntry.class::isInstance).map(CallEntry.class::cast).toList();
    }

    /** Watch notifications so far (connection events left out). */
    public synchronized List<Notification> notifications() {
        return entries.stream().filter(Notification.class::isInstance).map(Notification.class::cast)
                .filter(n -> n.type() != EventType.None).toList();
    }

    public synchronized void clear() {
        entries.clear();
    }
}
