package lockstep.simulator.explore;

import java.time.Duration;
import java.util.List;

import lockstep.algorithms.server.Cluster;
import lockstep.simulator.fault.Clock;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.FaultContext;
import lockstep.simulator.fault.Network;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.rules.LineRules;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/**
 * Which script lines a run would accept in the state it has reached: the runner's own rules, asked ahead of time so a
 * generated script never has a line the runner refuses: a lock verb by the one table ({@link LineRules}, its plain
 * lines only), a fault where its own {@link Fault#refusal} allows it. A fault is asked through a read-only context that answers
 * from the state (clients and servers as the trace tells them) and refuses everything that would act.
 */
final class WhatFits {

    private final ReplayState state;
    private final FaultContext lookOnly;

    WhatFits(ReplayState state) {
        this.state = state;
        this.lookOnly = new LookOnly(state);
    }

    /** Whether {@code client} is still in the run (a crashed client has left it). */
    boolean inTheRun(String client) {
        return state.client(client).state() != State.CRASHED;
    }

    /** The clients that hold the lock now, as their lock API says, in the order they got it. */
    List<String> holders() {
        return state.holders();
    }

    /** Whether {@code client} holds the lock now, as its lock API says. */
    boolean holds(String client) {
        return state.client(client).believesItHolds();
    }

    /**
     * Whether {@code client}, still in the run, may do {@code verb} in a generated script: a line the runner's table
     * accepts ({@link LineRules#refusal}) and a plain turn at the lock, not one of its liberties (a holder asking
     * again, an acquire after an expiry, a zombie's write: {@link LineRules#liberty}).
     */
    boolean fits(Verb verb, String client) {
        return inTheRun(client) && LineRules.plain(verb, state.client(client));
    }

    /** The fault's own rule, for a client ({@code client} a name) or the servers ({@code ""}). */
    boolean fits(Fault fault, String client) {
        if (!client.isEmpty() && !inTheRun(client)) {
            return false;
        }
        try {
            return fault.refusal(lookOnly, client) == null;
        } catch (UnsupportedOperationException asksMoreThanTheState) {
            return false;
        }
    }

    /** A server fault's own rule for one server ({@code "2"}, {@code "leader"}) of an ensemble. */
    boolean fitsServer(Fault fault, String server) {
        try {
            return fault.refusal(lookOnly, server) == null;
        } catch (UnsupportedOperationException asksMoreThanTheState) {
            return false;
        }
    }

    /** How many servers the run has: 1, or the ensemble's size. */
    int servers() {
        return lookOnly.cluster().size();
    }

    /** Whether server {@code server} (1..servers()) runs. */
    boolean serverUp(int server) {
        return lookOnly.cluster().isUp(server);
    }

    /** On a semaphore with a permit free, the waiters that could take it ({@link ReplayState#waitersBesideAFreePermit}). */
    List<String> waitersBesideAFreePermit() {
        return state.waitersBesideAFreePermit();
    }

    boolean serverRunning() {
        return state.serverRunning();
    }

    ClientView client(String client) {
        return state.client(client);
    }

    /** A fault context that only looks: the state's clients and servers; anything that acts is refused. */
    private static final class LookOnly implements FaultContext {

        private final ReplayState state;

        LookOnly(ReplayState state) {
            this.state = state;
        }

        @Override
        public Cluster cluster() {
            return new Cluster() {
                @Override
                public String connectString() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public void stop() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public void startAgain() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public void restart() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public boolean isRunning() {
                    return state.serverRunning();
                }

                @Override
                public int size() {
                    // An ensemble's run names every server's role at its start; one server names none.
                    return state.ensemble().isEnsemble() ? state.ensemble().roles().size() : 1;
                }

                @Override
                public boolean isUp(int server) {
                    return size() == 1 ? state.serverRunning() : state.ensemble().role(server) != Event.Role.DOWN;
                }

                @Override
                public int awaitLeader() {
                    return size() == 1 ? (state.serverRunning() ? 1 : 0) : state.ensemble().leader();
                }

                @Override
                public String describe() {
                    return "the servers as the trace tells them";
                }
            };
        }

        @Override
        public ClientView client(String client) {
            return state.client(client);
        }

        @Override
        public List<String> clients() {
            return state.clients().keySet().stream().filter(c -> state.client(c).state() != State.CRASHED).toList();
        }

        @Override
        public Network network() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Clock clock() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void record(Fault fault, String client, int server, String detail) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void crash(String client) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void expireOnServer(String client) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void giveUp(String client) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Duration sessionTimeout() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setPaused(Fault fault, String client, boolean paused, String detail) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void sessionEnded(String client, lockstep.simulator.trace.Event.Deletion reason) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void leaveTheRun(String client) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setReachable(String client, boolean reachable) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int connectionEventsSeen(String client) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void awaitConnection(String client, int seenBefore, ConnectionState state) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void afterExpiryLearned(String client) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int serverOf(String client) {
            int server = state.ensemble().serverOf(client);
            return server == 0 ? 1 : server; // 0: one server
        }

        @Override
        public void moveClient(String client, int server, boolean now) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void recordServersDown() {
        }

        @Override
        public void recordServers() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void recordConnection(String client, ConnectionState state) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void markState(String client, State state) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void settle() {
            throw new UnsupportedOperationException();
        }
    }
}
