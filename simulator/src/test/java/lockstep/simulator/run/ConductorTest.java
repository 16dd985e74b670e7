package lockstep.simulator.run;

import static lockstep.simulator.run.ScriptedArrivals.call;
import static lockstep.simulator.run.ScriptedArrivals.create;
import static lockstep.simulator.run.ScriptedArrivals.notification;
import static lockstep.simulator.run.ScriptedArrivals.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import lockstep.algorithms.session.ZkCall;
import lockstep.algorithms.session.ZkOp;
import lockstep.algorithms.session.ZkResult;
import lockstep.simulator.schedule.Option;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;

/**
 * The conductor over a gate fed by scripted arrivals, with no server: it asks the scheduler only when two or more
 * options are open and writes that choice down, runs the chosen call first, awaits the notification a change owes,
 * writes it down and hands it over before the woken client calls again, and leaves a paused client's call held.
 */
class ConductorTest {

    private static final String LOCK = "/locks/x";

    private final TraceRecorder trace = new TraceRecorder();
    private final List<List<Option>> asked = new ArrayList<>();
    private final List<Integer> answers = new ArrayList<>();
    private ScriptedArrivals arrivals;
    private Conductor conductor;

    @BeforeEach
    void aRunOfTwoClients() {
        trace.add(new Event.RunStarted(0, "test.yaml", "test", "naive", 1, LOCK, List.of("c1", "c2"), false));
        arrivals = new ScriptedArrivals(new Gate(List.of("c1", "c2")));
        Scheduler scripted = options -> {
            asked.add(options);
            return answers.remove(0);
        };
        conductor = new Conductor(arrivals.gate, trace, scripted, new Conductor.LostReplies() {
            @Override
            public boolean lost(String client) {
                return false;
            }

            @Override
            public List<String> childrenOnTheServer(String path) {
                throw new AssertionError("no reply was lost");
            }

            @Override
            public void awaitReconnected(String client, int connectionEventsBefore) {
                throw new AssertionError("no reply was lost");
            }
        });
    }

    @AfterEach
    void letEverythingGo() {
        arrivals.close();
    }

    @Test
    void twoCallsAtOnceAreAChoiceWrittenDownAndTheChosenOneRunsFirst() throws Exception {
        answers.add(1);
        createsAndFinishes("c1", 1);
        createsAndFinishes("c2", 0);

        conductor.runToQuiescence(() -> { });
        arrivals.awaitAll();

        assertEquals(List.of(List.of("c1", "c2")), asked.stream()
                .map(options -> options.stream().map(Option::client).toList()).toList());
        assertEquals(List.of("Choice 1", "Call c2", "NodeCreated " + LOCK + "/lock-0000000000",
                "Call c1", "NodeCreated " + LOCK + "/lock-0000000001"), written());
    }

    @Test
    void aChangesNotificationIsAwaitedWrittenAndHandedOverBeforeTheWokenClientCallsAgain() throws Exception {
        String node = LOCK + "/lock-0000000000";
        createsAndFinishes("c1", 0);
        conductor.runToQuiescence(() -> { });

        // c2 watches c1's node and parks; its library wakes it when the notification is handed over.
        arrivals.startAction("c2");
        ZkCall exists = call("c2", ZkOp.EXISTS, node, true);
        arrivals.submit(() -> {
            arrivals.gate.beforeCall(exists);
            arrivals.gate.afterCall(exists, ok());
            arrivals.park("c2");
            return null;
        });
        conductor.runToQuiescence(() -> { });

        // c1 deletes its node: the server sends c2 its notification, and c2, woken, looks at the children.
        arrivals.startAction("c1");
        ZkCall delete = call("c1", ZkOp.DELETE, node, false);
        arrivals.submit(() -> {
            arrivals.gate.beforeCall(delete);
            arrivals.arriveWith(notification("c2", node, EventType.NodeDeleted), () -> {
                arrivals.wake("c2");
                arrivals.submit(() -> {
                    ZkCall children = call("c2", ZkOp.GET_CHILDREN, LOCK, false);
                    arrivals.gate.beforeCall(children);
                    arrivals.gate.afterCall(children, new ZkResult(Code.OK, null, List.of(), null));
                    arrivals.finishAction("c2"); // its node is the lowest: it holds
                    return null;
                });
            }, null);
            arrivals.gate.afterCall(delete, ok());
            arrivals.finishAction("c1");
            return null;
        });
        conductor.runToQuiescence(() -> { });

        assertEquals(List.of("Call c1", "NodeCreated " + node, "Call c2", "WatchSet c2", "Call c1",
                "NodeDeleted " + node, "WatchFired c2", "Call c2"), written());
        assertEquals(List.of(), asked, "one option at a time: no choice");
    }

    @Test
    void aPausedClientsCallStaysHeldAndTheOtherGoesWithoutAChoice() throws Exception {
        createsAndFinishes("c1", 0);
        createsAndFinishes("c2", 1);
        arrivals.gate.setPaused("c2", true);

        conductor.runToQuiescence(() -> { });
        assertEquals(List.of("Call c1", "NodeCreated " + LOCK + "/lock-0000000000"), written());

        arrivals.gate.setPaused("c2", false);
        conductor.runToQuiescence(() -> { });
        arrivals.awaitAll();
        assertEquals(List.of(), asked);
        assertEquals("Call c2", written().get(2));
    }

    /** {@code client} creates its sequential node (the server numbering it {@code sequence}), and its action ends. */
    private void createsAndFinishes(String client, int sequence) {
        arrivals.startAction(client);
        ZkCall create = create(client, LOCK + "/lock-");
        ZkResult created = new ZkResult(Code.OK, LOCK + "/lock-" + String.format("%010d", sequence), null, null);
        arrivals.submit(() -> {
            arrivals.gate.beforeCall(create);
            arrivals.gate.afterCall(create, created);
            arrivals.finishAction(client);
            return null;
        });
    }

    /** The events written after RunStarted, each as its kind and what tells it apart. */
    private List<String> written() {
        return trace.events().stream().skip(1).map(ConductorTest::describe).toList();
    }

    private static String describe(Event event) {
        if (event instanceof Event.Choice choice) {
            return "Choice " + choice.taken();
        }
        if (event instanceof Event.Call c) {
            return "Call " + c.client();
        }
        if (event instanceof Event.NodeCreated created) {
            return "NodeCreated " + created.path();
        }
        if (event instanceof Event.NodeDeleted deleted) {
            return "NodeDeleted " + deleted.path();
        }
        if (event instanceof Event.WatchSet set) {
            return "WatchSet " + set.client();
        }
        if (event instanceof Event.WatchFired fired) {
            return "WatchFired " + fired.client();
        }
        return event.getClass().getSimpleName();
    }
}
