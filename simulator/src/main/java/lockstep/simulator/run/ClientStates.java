package lockstep.simulator.run;

import java.util.Collection;
import java.util.List;

import lockstep.algorithms.LockMode;
import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.State;

/**
 * Writes down what clients' lock code did, at stable points only (so the lines come in the same order every run):
 * actions that finished (holding, released, gave up, failed) and clients that started to wait, in client order.
 *
 * <p>Whether a parked client is waiting <em>anew</em> is read from the trace's own wake-up lifecycle (the replay's
 * {@code woken} flag): it is written as waiting when it first parks, and again after a notification woke it and it
 * parked without getting the lock (a futile wake-up).
 */
final class ClientStates {

    private final TraceRecorder trace;
    private final Gate gate;
    private final Collection<RunClient> clients;

    ClientStates(TraceRecorder trace, Gate gate, Collection<RunClient> clients) {
        this.trace = trace;
        this.gate = gate;
        this.clients = clients;
    }

    /** At a stable point: finished actions and clients that started to wait, in client order. */
    void noteChanges() {
        for (RunClient client : clients) {
            if (client.isGone()) {
                continue;
            }
            if (client.hasActionFinished()) {
                finish(client, trace.state().client(client.name()));
            } else if (client.hasActionRunning() && client.actionVerb() == Verb.ACQUIRE) {
                // The cheap questions first, the gate's and the thread's last: in a herd every client is acquiring at
                // every stable point, and most already wait (all are read at a stable point: the order changes nothing).
                ClientView view = trace.state().client(client.name());
                if (!view.paused() && (view.state() == State.REQUESTING || view.woken()
                        || client.actionByAHolder() && view.state() == State.HOLDING)
                        && !gate.isAtGate(client.name()) && client.isParkedForANotification()) {
                    // (a holder that waits: an upgrade behind its own read node, in a lock that does not refuse it)
                    change(client.name(), State.WAITING, client.actionMode(),
                            trace.state().latestWatchOf(client.name()));
                }
            }
        }
    }

    /** Writes down how a client's action ended: holding, released, gave up, or an error. */
    private void finish(RunClient client, ClientView view) {
        Boolean got = client.peekResult();
        Throwable failure = client.takeOutcome();
        if (client.actionByAHolder() && client.actionVerb() != Verb.RELEASE) {
            finishAHoldersAcquire(client, view, got, failure);
        } else if (client.actionVerb() == Verb.ACQUIRE || client.actionVerb() == Verb.TRY_ACQUIRE) {
            if (failure == null && Boolean.TRUE.equals(got)) {
                client.grantedWithToken(tokenOf(client.name()));
                change(client.name(), State.HOLDING, client.actionMode(), "");
            } else if (failure == null) {
                // a try-acquire that found the lock taken: it looked once and left (its calls show the look)
                change(client.name(), State.GAVE_UP, null, "");
            } else if (client.isGivingUp()) {
                change(client.name(), State.GAVE_UP, null, "");
            } else if (!view.sessionAlive() || view.session() != client.sessionOfRequest()) {
                change(client.name(), State.EXPIRED, null, "");
            } else {
                trace.add(new Event.Fault(trace.next(), "error", Event.FaultEffect.NONE, client.name(), 0, oneLine(failure)));
                change(client.name(), State.IDLE, null, "");
            }
        } else if (client.actionVerb() == Verb.RELEASE) {
            List<LockMode> still = client.heldModes();
            if (failure == null && !still.isEmpty()) {
                change(client.name(), State.STILL_HOLDING, still.get(0), "");
            } else if (failure == null) {
                change(client.name(), State.RELEASED, null, "");
            } else {
                trace.add(new Event.Fault(trace.next(), "error", Event.FaultEffect.NONE, client.name(), 0, oneLine(failure)));
                change(client.name(), State.IDLE, null, "");
            }
        }
    }

    /**
     * How an acquire or try-acquire by a client that already held the lock ended: one hold more (the same mode again,
     * or the read lock taken by the write holder: a downgrade), or, when it was refused (an upgrade) or found the lock
     * taken, the client still holds what it held.
     */
    private void finishAHoldersAcquire(RunClient client, ClientView view, Boolean got, Throwable failure) {
        List<LockMode> held = client.heldModes();
        if (failure == null && Boolean.TRUE.equals(got)) {
            change(client.name(), State.HOLDING, held.isEmpty() ? client.actionMode() : held.get(0), "");
            return;
        }
        if (failure != null && !client.isGivingUp()) {
            trace.add(new Event.Fault(trace.next(), "error", Event.FaultEffect.NONE, client.name(), 0, oneLine(failure)));
        }
        if (view.state() != State.HOLDING && !held.isEmpty()) {
            change(client.name(), State.STILL_HOLDING, held.get(0), ""); // it waited, gave up, and holds on
        }
    }

    /**
     * The fencing token of the node a client just got the lock with: its sequence number, or for a node without one,
     * the trace index of its creation (which orders creations as the server's czxid does).
     */
    private long tokenOf(String client) {
        List<Znode> nodes = trace.state().ephemeralsOf(client);
        if (nodes.isEmpty()) {
            return -1;
        }
        Znode node = nodes.get(nodes.size() - 1);
        if (node.sequence() >= 0) {
            return node.sequence();
        }
        for (int i = trace.events().size() - 1; i >= 0; i--) {
            if (trace.events().get(i) instanceof Event.NodeCreated created && created.path().equals(node.path())) {
                return i;
            }
        }
        return -1;
    }

    /** Writes a client's new lock state; the mode shows only while it asks or holds. */
    void change(String client, State state, LockMode mode, String watching) {
        boolean showsMode = state == State.REQUESTING || state == State.WAITING || state == State.HOLDING
                || state == State.STILL_HOLDING;
        trace.add(new Event.ClientState(trace.next(), client, state, showsMode ? mode : null, watching));
    }

    private static String oneLine(Throwable failure) {
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        return message.replace('\n', ' ');
    }
}
