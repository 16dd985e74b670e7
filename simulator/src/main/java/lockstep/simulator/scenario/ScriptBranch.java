package lockstep.simulator.scenario;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.BadInputException;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.Faults;

/**
 * A scenario that goes another way from one of its script lines: the script as it ran up to and including step
 * {@code N} (repeats unrolled, so step numbers are those of the trace's script-line events), then one new client line
 * ({@code c2 crash}, {@code c1 acquire}), then the rest of the script. Everything else (source, title, clients, seed,
 * fencing) is kept, so a run of the branch replayed with the original run's choices writes the same events as the
 * original up to the end of step {@code N}.
 *
 * <p>Pure: nothing is run or read here. Whether the new line fits the state it meets is decided by the run, which
 * refuses it with its usual one-line error at the place of step {@code N}.
 */
public final class ScriptBranch {

    private ScriptBranch() {
    }

    /**
     * @param scenario the scenario as loaded
     * @param step     how many script steps run first (0: the new line runs before the script)
     * @param client   one of the scenario's clients
     * @param word     {@code acquire}, {@code release}, {@code write} or a client fault's script word
     * @throws BadInputException when the client or the word is unknown, or the script has fewer steps
     */
    public static Scenario after(Scenario scenario, int step, String client, String word) throws BadInputException {
        List<Step> ran = unrolled(scenario.script());
        if (step < 0 || step > ran.size()) {
            throw new BadInputException(scenario.source(), text("branch.noStep", step, ran.size()));
        }
        if (!scenario.clients().contains(client)) {
            throw new BadInputException(scenario.source(), text("action.unknownClient", client,
                    String.join(", ", scenario.clients())));
        }
        Position at = step == 0 ? new Position(scenario.source(), 1, 1) : ran.get(step - 1).at();
        List<Step> script = new ArrayList<>(ran.subList(0, step));
        script.add(line(at, client, word));
        script.addAll(ran.subList(step, ran.size()));
        return new Scenario(scenario.source(), scenario.title(), scenario.description(), scenario.seed(),
                scenario.clients(), script, scenario.fencing(), scenario.reentrant(), scenario.ensemble(),
                scenario.titleInLanguages(), scenario.descriptionInLanguages(), scenario.permits());
    }

    /** The words a branch line may use after a client, lock verbs first, then the client faults of the registry. */
    public static List<String> words() {
        List<String> words = new ArrayList<>();
        for (Verb verb : Verb.values()) {
            words.add(verb.word());
        }
        Faults.of(Fault.Target.CLIENT).forEach(f -> words.add(f.word()));
        return words;
    }

    /** The script's steps in the order a run executes them: each {@code repeat} written out its number of times. */
    static List<Step> unrolled(List<Step> script) {
        List<Step> out = new ArrayList<>();
        for (Step s : script) {
            if (s instanceof Repeat repeat) {
                for (int i = 0; i < repeat.times(); i++) {
                    out.addAll(unrolled(repeat.body()));
                }
            } else {
                out.add(s);
            }
        }
        return out;
    }

    private static Action line(Position at, String client, String word) throws BadInputException {
        String text = client + " " + word;
        Target target = new Target.Client(client);
        Verb verb = Verb.fromWord(word).orElse(null);
        if (verb != null) {
            return new Action(at, text, target, verb, null, null);
        }
        Fault fault = Faults.byWord(Fault.Target.CLIENT, word).orElseThrow(() -> new BadInputException(
                at.toString(), text("action.unknown", word, String.join(", ", words()))));
        return new Action(at, text, target, null, null, fault);
    }
}
