package lockstep.simulator.run;

import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.function.Function;

import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.session.Delivery;
import lockstep.algorithms.session.ZkCall;

/**
 * One thing that may happen next at a stable point of the {@link Gate}: a client's call let through to the server, or
 * a notification handed to its watcher. Nothing else: the type is sealed, and whoever acts on an opening does so
 * through {@link #match} (or {@link #either}), which takes one function for each kind, so the compiler checks that
 * every kind is handled wherever openings are dispatched (Java 17 has no exhaustive switch over sealed types).
 *
 * <p>Each opening carries the latch its thread is held on at the gate: a client's own thread for a call, the client's
 * ZooKeeper event thread for a notification. Only the gate counts it down.
 */
sealed interface Opening permits Opening.Call, Opening.Notification {

    /** The client whose call or notification this is. */
    String client();

    /** Whichever function fits this opening's kind, applied to it. */
    <R> R match(Function<Call, R> ifCall, Function<Notification, R> ifNotification);

    /** Whichever action fits this opening's kind, done with it. */
    default void either(Consumer<Call> ifCall, Consumer<Notification> ifNotification) {
        match(call -> {
            ifCall.accept(call);
            return null;
        }, notification -> {
            ifNotification.accept(notification);
            return null;
        });
    }

    /** A call held before it leaves for the server; {@code go} lets it leave. */
    record Call(ZkCall call, CountDownLatch go) implements Opening {

        Call(ZkCall call) {
            this(call, new CountDownLatch(1));
        }

        @Override
        public String client() {
            return call.client();
        }

        @Override
        public <R> R match(Function<Call, R> ifCall, Function<Notification, R> ifNotification) {
            return ifCall.apply(this);
        }
    }

    /** A watch notification held before it reaches its watcher; {@code go} hands it over. */
    record Notification(Delivery delivery, CountDownLatch go) implements Opening {

        Notification(Delivery delivery) {
            this(delivery, new CountDownLatch(1));
        }

        @Override
        public String client() {
            return delivery.client();
        }

        /** The node the notification is about ("" when ZooKeeper gave none). */
        String path() {
            return delivery.event().getPath() == null ? "" : delivery.event().getPath();
        }

        EventType type() {
            return delivery.event().getType();
        }

        /** The notification as the {@link WatchBook} predicts it: what a change owes is counted off by these. */
        WatchBook.Expected expected() {
            return new WatchBook.Expected(client(), path(), type());
        }

        @Override
        public <R> R match(Function<Call, R> ifCall, Function<Notification, R> ifNotification) {
            return ifNotification.apply(this);
        }
    }
}
