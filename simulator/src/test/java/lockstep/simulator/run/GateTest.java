package lockstep.simulator.run;

import static lockstep.simulator.run.ScriptedArrivals.call;
import static lockstep.simulator.run.ScriptedArrivals.connectionEvent;
import static lockstep.simulator.run.ScriptedArrivals.create;
import static lockstep.simulator.run.ScriptedArrivals.notification;
import static lockstep.simulator.run.ScriptedArrivals.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.session.ZkOp;
import lockstep.algorithms.session.ZkResult;

/**
 * The gate driven by scripted arrivals, with no server: test threads bring calls and notifications as clients' threads
 * and event threads would, and the test thread plays the conductor. Each test checks one guarantee of the gate: the
 * options it offers and their order, when it is at a stable point and how it learns so, that a paused client is never
 * offered, and that what never comes is reported as a stall.
 */
class GateTest {

    private static final long SHORT_STALL = TimeUnit.MILLISECONDS.toNanos(100);

    private ScriptedArrivals arrivals;

    private Gate gate(String... clients) {
        return gate(Gate.STALL_NANOS, clients);
    }

    private Gate gate(long stallNanos, String... clients) {
        arrivals = new ScriptedArrivals(new Gate(List.of(clients), stallNanos));
        return arrivals.gate;
    }

    @AfterEach
    void letEverythingGo() {
        if (arrivals != null) {
            arrivals.close();
        }
    }

    @Test
    void callsAreOfferedInClientOrderWhateverOrderTheyArrivedIn() throws Exception {
        Gate gate = gate("c1", "c2", "c3");
        List.of("c1", "c2", "c3").forEach(arrivals::startAction);
        arrivals.arriveWith(create("c3", "/l/lock-"), ok());
        arrivals.arriveWith(create("c1", "/l/lock-"), ok());
        arrivals.park("c2");

        gate.awaitStablePoint();

        assertEquals(List.of("c1", "c3"), clientsOf(gate.openOptions()));
    }

    @Test
    void aCallLetThroughAnswersWithWhatItsThreadWasAnswered() throws Exception {
        Gate gate = gate("c1");
        arrivals.startAction("c1");
        ZkResult answer = new ZkResult(Code.OK, "/l/lock-0000000007", null, null);
        ScriptedArrivals.Arrival arrival = arrivals.arriveWith(create("c1", "/l/lock-"), answer);
        gate.awaitStablePoint();
        Opening.Call held = (Opening.Call) gate.openOptions().get(0);
        assertFalse(arrival.hasPassed(), "a call waits at the gate until it is let through");

        assertSame(answer, gate.run(held));
        arrival.awaitPassed();
    }

    @Test
    void notificationsComeAfterCallsInClientOrderAndNoneToAClientAtTheGate() throws Exception {
        Gate gate = gate("c1", "c2", "c3");
        arrivals.startAction("c1");
        arrivals.arriveWith(create("c1", "/l/lock-"), ok());
        gate.owe(List.of(new WatchBook.Expected("c3", "/l/a", EventType.NodeChildrenChanged),
                new WatchBook.Expected("c2", "/l/b", EventType.NodeDeleted),
                new WatchBook.Expected("c1", "/l/a", EventType.NodeDeleted)));
        arrivals.arriveWith(notification("c3", "/l/a", EventType.NodeChildrenChanged), () -> { }, null);
        arrivals.arriveWith(notification("c2", "/l/b", EventType.NodeDeleted), () -> { }, null);
        arrivals.arriveWith(notification("c1", "/l/a", EventType.NodeDeleted), () -> { }, null);

        gate.awaitStablePoint();

        // c1's notification is held back while c1 waits at the gate with a call: delivering it could block c1's
        // event thread on a monitor c1's calling thread holds.
        assertEquals(List.of("c1 call", "c2 NodeDeleted /l/b", "c3 NodeChildrenChanged /l/a"),
                describe(gate.openOptions()));
    }

    @Test
    void aNotificationQueuedBehindAHeldOneOfTheSameClientIsNotWaitedFor() throws Exception {
        // A client's notifications travel one after another on its one event thread: the second cannot arrive while
        // the first is held here, so the stable point does not wait for it.
        Gate gate = gate("c1");
        gate.owe(List.of(new WatchBook.Expected("c1", "/l/a", EventType.NodeDeleted),
                new WatchBook.Expected("c1", "/l", EventType.NodeChildrenChanged)));
        arrivals.arriveWith(notification("c1", "/l/a", EventType.NodeDeleted), () -> { }, null);

        gate.awaitStablePoint();
        assertEquals(List.of("c1 NodeDeleted /l/a"), describe(gate.openOptions()));
    }

    @Test
    void aPausedClientIsNeverOfferedUntilItResumes() throws Exception {
        Gate gate = gate("c1", "c2", "c3");
        arrivals.startAction("c1");
        arrivals.startAction("c2");
        arrivals.arriveWith(create("c1", "/l/lock-"), ok());
        arrivals.arriveWith(create("c2", "/l/lock-"), ok());
        gate.owe(List.of(new WatchBook.Expected("c3", "/l/a", EventType.NodeDeleted)));
        arrivals.arriveWith(notification("c3", "/l/a", EventType.NodeDeleted), () -> { }, null);
        gate.setPaused("c2", true);
        gate.setPaused("c3", true);

        gate.awaitStablePoint();
        assertEquals(List.of("c1 call"), describe(gate.openOptions()));

        gate.setPaused("c2", false);
        gate.setPaused("c3", false);
        gate.awaitStablePoint();
        assertEquals(List.of("c1 call", "c2 call", "c3 NodeDeleted /l/a"), describe(gate.openOptions()));
    }

    @Test
    void aStablePointWaitsForTheNotificationsAChangeOwesAndForTheirWatchersToReturn() throws Exception {
        Gate gate = gate("c1", "c2");
        gate.owe(List.of(new WatchBook.Expected("c2", "/l/a", EventType.NodeDeleted)));
        assertEquals(Gate.Stability.AWAITING_A_SIGNAL, gate.stability(), "the notification has not arrived");

        CountDownLatch watcherReturns = new CountDownLatch(1);
        arrivals.arriveWith(notification("c2", "/l/a", EventType.NodeDeleted), () -> { }, watcherReturns);
        gate.awaitStablePoint();
        Opening.Notification held = (Opening.Notification) gate.openOptions().get(0);

        gate.deliver(held);
        assertEquals(Gate.Stability.AWAITING_A_SIGNAL, gate.stability(), "its watcher has not returned");
        watcherReturns.countDown();
        gate.awaitStablePoint();
        assertEquals(List.of(), gate.openOptions());
    }

    @Test
    void aWaiterHandedANotificationOwesACallEvenWhileItStillLooksParked() throws Exception {
        // Curator wakes its waiter through another thread: for a moment after the watcher returned, the waiter still
        // looks parked. The stable point waits for the call it owes.
        Gate gate = gate("c1");
        arrivals.startAction("c1");
        arrivals.cannotSayItParks("c1");
        arrivals.park("c1");
        gate.owe(List.of(new WatchBook.Expected("c1", "/l/a", EventType.NodeDeleted)));
        arrivals.arriveWith(notification("c1", "/l/a", EventType.NodeDeleted), () -> { }, null);
        gate.awaitStablePoint();
        gate.deliver((Opening.Notification) gate.openOptions().get(0));

        assertEquals(Gate.Stability.AWAITING_A_SIGNAL, gate.stability());
        arrivals.wake("c1");
        arrivals.arriveWith(call("c1", ZkOp.GET_CHILDREN, "/l", false), ok());
        gate.awaitStablePoint();
        assertEquals(List.of("c1 call"), describe(gate.openOptions()));
    }

    @Test
    void aClientThatCanSayItParkedIsAwaitedOnItsSignalAndOnlyOneThatCannotIsPolled() throws Exception {
        Gate gate = gate("c1", "c2");
        arrivals.startAction("c1");
        assertEquals(Gate.Stability.AWAITING_A_SIGNAL, gate.stability());
        arrivals.startAction("c2");
        arrivals.cannotSayItParks("c2");
        assertEquals(Gate.Stability.POLLING, gate.stability());

        arrivals.park("c2"); // no signal: the gate finds it by looking again
        assertEquals(Gate.Stability.AWAITING_A_SIGNAL, gate.stability());
        arrivals.submit(() -> {
            arrivals.park("c1"); // signalled through the seam's parked()
            return null;
        });
        gate.awaitStablePoint();
        assertEquals(Gate.Stability.STABLE, gate.stability());
        arrivals.awaitAll();
    }

    @Test
    void anActionThatEndsIsAStablePointOnceItsWorkerSaysSo() throws Exception {
        Gate gate = gate("c1");
        arrivals.startAction("c1");
        arrivals.submit(() -> {
            arrivals.finishAction("c1");
            return null;
        });
        gate.awaitStablePoint();
        assertEquals(List.of(), gate.openOptions());
        arrivals.awaitAll();
    }

    @Test
    void aStablePointThatNeverComesIsReportedAsAStall() {
        Gate gate = gate(SHORT_STALL, "c1", "c2");
        arrivals.startAction("c2");

        RunStalledException stalled = assertThrows(RunStalledException.class, gate::awaitStablePoint);
        assertTrue(stalled.getMessage().endsWith("clients neither called nor parked: [c2]"), stalled.getMessage());
    }

    @Test
    void aNotificationThatNeverArrivesIsReportedAsAStall() {
        Gate gate = gate(SHORT_STALL, "c1");
        gate.owe(List.of(new WatchBook.Expected("c1", "/l/a", EventType.NodeDeleted)));

        RunStalledException stalled = assertThrows(RunStalledException.class, gate::awaitStablePoint);
        assertTrue(stalled.getMessage().endsWith("notifications never arrived: [NodeDeleted /l/a to c1]"),
                stalled.getMessage());
    }

    @Test
    void aCallWithoutAnAnswerIsReportedAsAStall() throws Exception {
        Gate gate = gate(SHORT_STALL, "c1");
        arrivals.startAction("c1");
        arrivals.arriveWith(create("c1", "/l/lock-"), null);
        gate.awaitStablePoint();
        Opening.Call held = (Opening.Call) gate.openOptions().get(0);

        RunStalledException stalled = assertThrows(RunStalledException.class, () -> gate.run(held));
        assertEquals("c1's CREATE /l/lock- got no answer", stalled.getMessage());
    }

    @Test
    void aCrashedClientsCallsGoThroughUnheldAndUnoffered() throws Exception {
        Gate gate = gate("c1", "c2");
        arrivals.startAction("c1");
        ScriptedArrivals.Arrival held = arrivals.arriveWith(create("c1", "/l/lock-"), ok());
        gate.awaitStablePoint();

        gate.takeOutOfTheRun("c1");
        held.awaitPassed();
        arrivals.arriveWith(create("c1", "/l/lock-"), ok()).awaitPassed();
        gate.awaitStablePoint();
        assertEquals(List.of(), gate.openOptions());
    }

    @Test
    void aPausedClientsConnectionEventWaitsForItsResumeAndIsThenCounted() throws Exception {
        Gate gate = gate("c1");
        gate.setPaused("c1", true);
        ScriptedArrivals.Arrival event = arrivals.arriveWith(connectionEvent("c1", KeeperState.Disconnected),
                () -> { }, null);
        assertEquals(0, gate.connectionEvents("c1"));

        gate.setPaused("c1", false);
        event.awaitPassed();
        assertEquals(1, gate.awaitConnection("c1", 0, KeeperState.Disconnected, "did not hear it"));
        assertFalse(gate.isAtGate("c1"));
    }

    private static List<String> clientsOf(List<Opening> open) {
        return open.stream().map(Opening::client).toList();
    }

    private static List<String> describe(List<Opening> open) {
        return open.stream().map(o -> o.match(call -> call.client() + " call",
                note -> note.client() + " " + note.type() + " " + note.path())).toList();
    }
}
