package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.scenario.Action;
import lockstep.simulator.scenario.ServerStep;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Target;
import lockstep.simulator.scenario.Together;

/**
 * A run a shrink may try: the clients, a fixed script, and the choice vector its scheduler follows (the first option
 * past its end). Each method gives a smaller candidate; none checks that it still fails: that is the run's job.
 */
record Candidate(List<String> clients, List<Step> script, int[] vector) {

    Candidate {
        clients = List.copyOf(clients);
        script = List.copyOf(script);
        vector = vector.clone();
    }

    Candidate withVector(int[] choices) {
        return new Candidate(clients, script, choices);
    }

    Candidate withScript(List<Step> steps) {
        return new Candidate(clients, steps, vector);
    }

    /** Without {@code client} and every action of it; a race left with one action becomes that action. */
    Candidate without(String client) {
        List<String> fewer = new ArrayList<>(clients);
        fewer.remove(client);
        List<Step> steps = new ArrayList<>();
        for (Step step : script) {
            if (step instanceof Action action && named(action, client)) {
                continue;
            }
            if (step instanceof Together together) {
                List<Action> kept = together.actions().stream().filter(a -> !named(a, client)).toList();
                Step rest = race(together, kept);
                if (rest != null) {
                    steps.add(rest);
                }
                continue;
            }
            steps.add(step);
        }
        return new Candidate(fewer, steps, vector);
    }

    /** Without the script's line {@code index}. */
    Candidate withoutLine(int index) {
        List<Step> steps = new ArrayList<>(script);
        steps.remove(index);
        return withScript(steps);
    }

    /** Without action {@code member} of the race on line {@code index}. */
    Candidate withoutRacer(int index, int member) {
        Together together = (Together) script.get(index);
        List<Action> kept = new ArrayList<>(together.actions());
        kept.remove(member);
        List<Step> steps = new ArrayList<>(script);
        steps.set(index, race(together, kept));
        return withScript(steps);
    }

    /** Whether line {@code index} is a fault (a client's or the servers'). */
    boolean isFault(int index) {
        Step step = script.get(index);
        return step instanceof ServerStep || step instanceof Action action && action.fault() != null;
    }

    /** How many lines are faults, counting a race's fault actions. */
    int faults() {
        int count = 0;
        for (Step step : script) {
            if (step instanceof ServerStep || step instanceof Action action && action.fault() != null) {
                count++;
            } else if (step instanceof Together together) {
                count += (int) together.actions().stream().filter(a -> a.fault() != null).count();
            }
        }
        return count;
    }

    /** How many choices differ from the default. */
    int nonDefaultChoices() {
        return (int) java.util.Arrays.stream(vector).filter(c -> c != 0).count();
    }

    /** The clients named {@code c1..cK} in their order, every action following its client. */
    Candidate renamed() {
        java.util.Map<String, String> names = new java.util.HashMap<>();
        for (int i = 0; i < clients.size(); i++) {
            names.put(clients.get(i), "c" + (i + 1));
        }
        List<Step> steps = new ArrayList<>();
        for (Step step : script) {
            if (step instanceof Action action) {
                steps.add(renamed(action, names));
            } else if (step instanceof Together together) {
                steps.add(ScriptGenerator.together(together.at(),
                        together.actions().stream().map(a -> renamed(a, names)).toList()));
            } else {
                steps.add(step);
            }
        }
        return new Candidate(clients.stream().map(names::get).toList(), steps, vector);
    }

    private static Action renamed(Action action, java.util.Map<String, String> names) {
        if (!(action.target() instanceof Target.Client one)) {
            return action;
        }
        String name = names.get(one.name());
        String rest = action.text().substring(one.name().length());
        return new Action(action.at(), name + rest, new Target.Client(name), action.verb(), action.mode(),
                action.fault(), action.locks());
    }

    private static boolean named(Action action, String client) {
        return action.target() instanceof Target.Client one && one.name().equals(client);
    }

    private static Step race(Together together, List<Action> kept) {
        if (kept.isEmpty()) {
            return null;
        }
        return kept.size() == 1 ? kept.get(0) : ScriptGenerator.together(together.at(), kept);
    }
}
