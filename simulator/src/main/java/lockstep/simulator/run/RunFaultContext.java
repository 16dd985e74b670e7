package lockstep.simulator.run;

import java.time.Duration;
import java.util.List;

import org.apache.zookeeper.Watcher.Event.KeeperState;

import lockstep.algorithms.server.Cluster;
import lockstep.simulator.fault.Clock;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.FaultContext;
import lockstep.simulator.fault.Network;
import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/** What a lockstep run offers the faults it applies: the run's world, with the trace written in a fixed order. */
final class RunFaultContext implements FaultContext {

    private final RunWorld world;
    /** Where in each client's connection events it learned of its expiry: a new session comes after that. */
    private final java.util.Map<String, Integer> expiryLearnedAt = new java.util.HashMap<>();

    RunFaultContext(RunWorld world) {
        this.world = world;
    }

    @Override
    public Cluster cluster() {
        return world.cluster;
    }

    @Override
    public Network network() {
        return world.network;
    }

    @Override
    public Clock clock() {
        return world.clock;
    }

    @Override
    public ClientView client(String client) {
        return world.trace.state().client(client);
    }

    @Override
    public List<String> clients() {
        return world.clients.values().stream().filter(c -> !c.isGone()).map(RunClient::name).toList();
    }

    @Override
    public void record(Fault fault, String client, int server, String detail) {
        world.trace.add(new Event.Fault(world.trace.next(), fault.name(), fault.effect(), client, server, detail));
    }

    @Override
    public void crash(String client) {
        world.clients.get(client).crash();
    }

    @Override
    public void expireOnServer(String client) throws Exception {
        world.clients.get(client).endSessionOnServer();
    }

    @Override
    public void giveUp(String client) {
        world.gate.expectACall(client);
        world.clients.get(client).giveUp();
    }

    @Override
    public Duration sessionTimeout() {
        return world.connection.sessionTimeout();
    }

    @Override
    public void setPaused(Fault fault, String client, boolean paused, String detail) {
        record(fault, client, detail);
        // The trace decides: the gate is told what the replay of the line just written says, so the two agree.
        boolean pausedNow = client(client).paused();
        if (pausedNow != paused) {
            throw new IllegalStateException("'" + fault.name() + "' left " + client
                    + (pausedNow ? " paused" : " running"));
        }
        world.gate.setPaused(client, pausedNow);
    }

    @Override
    public void sessionEnded(String client, Event.Deletion reason) {
        world.gate.setSessionEnded(client, true);
        world.conductor.sessionEnded(client, reason);
    }

    @Override
    public void leaveTheRun(String client) {
        world.conductor.takeOutOfTheRun(client);
    }

    @Override
    public void setReachable(String client, boolean reachable) {
        world.conductor.setReachable(client, reachable);
    }

    @Override
    public int connectionEventsSeen(String client) {
        return world.gate.connectionEvents(client);
    }

    @Override
    public void awaitConnection(String client, int seenBefore, ConnectionState state) {
        int seen = world.gate.awaitConnection(client, seenBefore, keeperState(state),
                "did not become " + state.label());
        if (state == ConnectionState.EXPIRED) {
            expiryLearnedAt.put(client, seen);
        }
        recordConnection(client, state);
    }

    @Override
    public void afterExpiryLearned(String client) {
        RunClient c = world.clients.get(client);
        if (!c.opensNewSessionAfterExpiry()) {
            return;
        }
        // Its lock waiter was woken by the expiry and will look again, on the new session.
        if (c.hasActionRunning()) {
            world.gate.expectACall(client);
        }
        // The new session's handle has its own event thread: its SyncConnected may come just before the old handle's
        // Expired. It comes after the Disconnected that began the end of the old session.
        java.util.List<KeeperState> history = world.gate.connectionHistory(client);
        int expired = expiryLearnedAt.getOrDefault(client, history.size()) - 1;
        int seen = expired;
        while (seen > 0 && history.get(seen - 1) != KeeperState.Disconnected) {
            seen--;
        }
        seen = Math.max(0, seen);
        world.gate.awaitConnection(client, seen, KeeperState.SyncConnected, "opened no new session");
        world.gate.setSessionEnded(client, false);
        world.trace.add(new Event.Connection(world.trace.next(), client, ConnectionState.CONNECTED,
                client(client).session() + 1));
        // A holder whose lock API now says the lock is gone (it heard of the expiry): written down, as its state.
        // Curator's says nothing of the kind: its holder goes on believing, a zombie.
        if (client(client).state() == State.HOLDING && !c.hasActionRunning() && c.heldModes().isEmpty()) {
            world.states.change(client, State.EXPIRED, null, "");
        }
    }

    @Override
    public void recordConnection(String client, ConnectionState state) {
        world.trace.add(new Event.Connection(world.trace.next(), client, state, client(client).session()));
    }

    @Override
    public void markState(String client, State state) {
        world.trace.add(new Event.ClientState(world.trace.next(), client, state, null, ""));
    }

    @Override
    public int serverOf(String client) {
        return world.serverOf(client);
    }

    @Override
    public void moveClient(String client, int server, boolean now) {
        world.moveClient(client, server, now);
    }

    @Override
    public void recordServers() throws Exception {
        world.recordServers();
    }

    @Override
    public void settle() {
        world.syncServers();
        world.conductor.runToQuiescence(world.states::noteChanges);
    }

    private static KeeperState keeperState(ConnectionState state) {
        return switch (state) {
            case CONNECTED, RECONNECTED -> KeeperState.SyncConnected;
            case DISCONNECTED -> KeeperState.Disconnected;
            case EXPIRED -> KeeperState.Expired;
            case CLOSED -> KeeperState.Closed;
        };
    }
}
