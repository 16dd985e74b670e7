package lockstep.simulator.scenario;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

import lockstep.simulator.BadInputException;
import lockstep.simulator.scenario.ScriptWords.Word;

/**
 * Reads the steps of a script: one-line actions (delegated to {@link ActionLineReader}) and the keyed forms
 * {@code say:}, {@code together:} and {@code repeat N:}. Guarantees a together holds two or more client actions by
 * different named clients, a repeat a count 1..{@value #MAX_TIMES} and a non-empty body.
 */
final class StepReader {

    static final int MAX_TIMES = 10_000;
    /** Repeats inside repeats; the bound also stops a YAML alias that makes a repeat contain itself. */
    static final int MAX_NESTING = 8;
    /**
     * Lines a script runs once every repeat is written out: the counts are multiplied, so eight repeats of 10,000
     * inside each other (each within its own limit) would run without end. A run takes about a millisecond a line.
     */
    static final long MAX_EXPANDED_LINES = 10_000;
    private static final Pattern WHOLE_NUMBER = Pattern.compile("[+-]?[0-9]+");
    private static final Pattern REPEAT_KEY = Pattern.compile("repeat(?:\\s+(.*))?", Pattern.DOTALL);

    private final String source;
    private final ActionLineReader actions;

    StepReader(String source, ClientRoster clients) {
        this(source, clients, List.of());
    }

    /** {@code locks}: the scenario's named locks, which an acquire may name ({@code c1 acquire A,B}). */
    StepReader(String source, ClientRoster clients, List<String> locks) {
        this(source, clients, locks, 1);
    }

    /** {@code permits}: how many permits the lock has, which an acquire that names a count may not exceed. */
    StepReader(String source, ClientRoster clients, List<String> locks, int permits) {
        this.source = source;
        this.actions = new ActionLineReader(source, clients, locks, permits);
    }

    List<Step> script(Node node) throws BadInputException {
        if (!(node instanceof SequenceNode list)) {
            String found = Scalars.isNull(node) ? text("kind.empty") : Scalars.kind(node);
            throw Places.complaint(source, node, text("step.scriptNotAList", found));
        }
        if (list.getValue().isEmpty()) {
            throw Places.complaint(source, list, text("step.scriptEmpty"));
        }
        return steps(list, 0);
    }

    private List<Step> steps(SequenceNode list, int nesting) throws BadInputException {
        List<Step> steps = new ArrayList<>();
        for (Node item : list.getValue()) {
            steps.add(step(item, nesting));
        }
        return steps;
    }

    private Step step(Node item, int nesting) throws BadInputException {
        if (Scalars.isNull(item)) {
            throw Places.complaint(source, item, text("step.empty"));
        }
        if (item instanceof ScalarNode scalar) {
            refuseAContinuedLine(scalar);
            return actions.read(scalar);
        }
        if (item instanceof SequenceNode) {
            throw Places.complaint(source, item, text("step.isAList"));
        }
        MappingNode mapping = (MappingNode) item;
        List<NodeTuple> entries = mapping.getValue();
        if (entries.isEmpty()) {
            throw Places.complaint(source, item, text("step.empty"));
        }
        if (entries.size() > 1) {
            Node second = entries.get(1).getKeyNode();
            throw Places.complaint(source, second, text("step.secondKey"));
        }
        Node keyNode = entries.get(0).getKeyNode();
        Node value = entries.get(0).getValueNode();
        if (!(keyNode instanceof ScalarNode key) || Scalars.isNull(keyNode)) {
            throw Places.complaint(source, keyNode, text("step.keyNotAWord"));
        }
        Position at = Places.of(source, item);
        String name = key.getValue().strip();
        if (name.equals("say")) {
            return say(at, value);
        }
        if (name.equals("together")) {
            return together(at, value);
        }
        Matcher repeat = REPEAT_KEY.matcher(name);
        if (repeat.matches()) {
            return repeat(at, key, value, nesting);
        }
        throw Places.complaint(source, keyNode, text("step.unknown", name));
    }

    /**
     * A script line is one line of text. A plain one that YAML read over several lines is an indentation slip: a
     * {@code - c2 acquire} indented deeper than the item above is not an item of its own but the rest of that item's
     * text ({@code c1 acquire - c2 acquire}), which would be refused as a wrong word at the item above. Named at the
     * line that slipped, where its text starts.
     */
    private void refuseAContinuedLine(ScalarNode scalar) throws BadInputException {
        if (scalar.getScalarStyle() != org.snakeyaml.engine.v2.common.ScalarStyle.PLAIN
                || scalar.getStartMark().isEmpty() || scalar.getEndMark().isEmpty()
                || scalar.getStartMark().get().getLine() == scalar.getEndMark().get().getLine()) {
            return;
        }
        org.snakeyaml.engine.v2.exceptions.Mark start = scalar.getStartMark().get();
        int line = start.getLine() + 2;
        int column = 1;
        int[] buffer = start.getBuffer();
        int at = start.getPointer();
        while (buffer != null && at < buffer.length && buffer[at] != '\n') {
            at++;
        }
        if (buffer != null && at < buffer.length) {
            at++;
            while (at < buffer.length && buffer[at] == ' ') {
                at++;
                column++;
            }
        }
        throw Places.complaint(new Position(source, line, column), text("yaml.continuedLine", line - 1));
    }

    private Say say(Position at, Node value) throws BadInputException {
        if (WordingReader.isLanguageMapping(value)) {
            Wording said = new Wording(new WordingReader(source).read("say", value, Scalars::oneLine));
            Map<String, Wording> wordings = said.isTranslated() ? Map.of(Say.COMMON, said) : Map.of();
            return new Say(at, "say: " + said.english(), said.english(), List.of(), Map.of(), wordings);
        }
        if (value instanceof MappingNode mapping) {
            return sayFor(at, mapping);
        }
        if (!(value instanceof ScalarNode scalar)) {
            throw Places.complaint(source, value, text("say.notText", Scalars.kind(value), text("say.notText.example")));
        }
        String narration = Scalars.isNull(scalar) ? "" : Scalars.oneLine(scalar.getValue());
        if (narration.isEmpty()) {
            throw Places.complaint(at, text("say.noText"));
        }
        return new Say(at, "say: " + narration, narration);
    }

    /**
     * {@code say: {text: ..., for: [a, b]}} and per-algorithm texts {@code say: {text: ..., naive: ...}}; each text
     * plain or per language ({@code text: {en: ..., zh: ...}}).
     */
    private Say sayFor(Position at, MappingNode mapping) throws BadInputException {
        String text = "";
        List<String> only = new ArrayList<>();
        Map<String, String> byAlgorithm = new java.util.LinkedHashMap<>();
        Map<String, Wording> wordings = new java.util.LinkedHashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        List<String> known = lockstep.algorithms.registry.Algorithms.names();
        String keys = text("say.keys", String.join(", ", known));
        for (NodeTuple entry : mapping.getValue()) {
            if (!(entry.getKeyNode() instanceof ScalarNode keyNode)) {
                throw Places.complaint(source, entry.getKeyNode(), text("say.keyNotAWord", keys));
            }
            String key = keyNode.getValue().strip();
            if (!seen.add(key)) {
                throw Places.complaint(source, keyNode, text("say.keyTwice", key));
            }
            Node v = entry.getValueNode();
            if (key.equals("for")) {
                if (!(v instanceof SequenceNode list) || list.getValue().isEmpty()) {
                    throw Places.complaint(source, v, text("say.forNotAList"));
                }
                for (Node item : list.getValue()) {
                    String name = item instanceof ScalarNode sc ? sc.getValue().strip() : "";
                    if (!known.contains(name)) {
                        throw Places.complaint(source, item, text("run.unknownAlgorithm", name, String.join(", ", known)));
                    }
                    only.add(name);
                }
            } else if (key.equals("text") || known.contains(key)) {
                Wording said = saidIn(key, v);
                if (said.isTranslated()) {
                    wordings.put(key.equals("text") ? Say.COMMON : key, said);
                }
                if (key.equals("text")) {
                    text = said.english();
                } else {
                    byAlgorithm.put(key, said.english());
                }
            } else if (Wording.LANGUAGES.contains(key)) {
                throw Places.complaint(source, keyNode, text("say.mixesLanguage", key,
                        "say: {en: ..., zh: ...}", "text: {en: ..., zh: ...}"));
            } else {
                throw Places.complaint(source, keyNode, text("say.unknownKey", key, keys));
            }
        }
        if (text.isEmpty() && byAlgorithm.isEmpty()) {
            throw Places.complaint(at, text("say.noTextKey"));
        }
        if (!only.isEmpty() && text.isEmpty()) {
            throw Places.complaint(at, text("say.forWithoutText"));
        }
        String shown = !text.isEmpty() ? text : byAlgorithm.values().iterator().next();
        return new Say(at, "say: " + shown, text, only, byAlgorithm, wordings);
    }

    /** One text of a say mapping: plain, or per language. */
    private Wording saidIn(String key, Node v) throws BadInputException {
        if (v instanceof MappingNode) {
            return new Wording(new WordingReader(source).read(text("say.ofKey", key), v, Scalars::oneLine));
        }
        String said = v instanceof ScalarNode sc && !Scalars.isNull(sc) ? Scalars.oneLine(sc.getValue()) : "";
        if (said.isEmpty()) {
            throw Places.complaint(source, v, text("say.keyNoText", key));
        }
        return Wording.english(said);
    }

    private Together together(Position at, Node value) throws BadInputException {
        if (!(value instanceof SequenceNode list)) {
            throw Places.complaint(Scalars.isNull(value) ? at : Places.of(source, value),
                    text("together.notAList"));
        }
        List<Action> members = new ArrayList<>();
        Map<String, Integer> clientsSeen = new HashMap<>();
        for (Node item : list.getValue()) {
            Action action = togetherMember(item);
            if (action.target() instanceof Target.Client client
                    && clientsSeen.putIfAbsent(client.name(), action.at().line()) != null) {
                throw Places.complaint(action.at(), text("together.twice", client.name()));
            }
            members.add(action);
        }
        if (members.size() < 2) {
            throw Places.complaint(Places.of(source, list), text("together.tooFew", members.size()));
        }
        return new Together(at, Together.textOf(members), members);
    }

    private Action togetherMember(Node item) throws BadInputException {
        if (item instanceof ScalarNode scalar && !Scalars.isNull(scalar)) {
            Step step = actions.read(scalar);
            if (step instanceof Action action) {
                return action;
            }
            throw Places.complaint(step.at(), text("together.onlyActions", step.text()));
        }
        String found = item instanceof MappingNode mapping && !mapping.getValue().isEmpty()
                && mapping.getValue().get(0).getKeyNode() instanceof ScalarNode key
                ? text("together.keyedStep", key.getValue()) : Scalars.kind(item);
        throw Places.complaint(source, item, text("together.onlyActionsKind", found));
    }

    /** The lines {@code steps} run with every repeat written out (each repeat checked already: no overflow). */
    static long expandedLines(List<Step> steps) {
        long lines = 0;
        for (Step step : steps) {
            lines += step instanceof Repeat repeat ? repeat.times() * expandedLines(repeat.body()) : 1;
        }
        return lines;
    }

    private Repeat repeat(Position at, ScalarNode key, Node value, int nesting) throws BadInputException {
        if (nesting >= MAX_NESTING) {
            throw Places.complaint(at, text("repeat.tooDeep", MAX_NESTING));
        }
        int times = times(key);
        List<Step> body;
        if (value instanceof SequenceNode list) {
            if (list.getValue().isEmpty()) {
                throw Places.complaint(source, list, text("repeat.emptyList"));
            }
            body = steps(list, nesting + 1);
        } else if (Scalars.isNull(value)) {
            throw Places.complaint(at, text("repeat.noStep", times));
        } else {
            body = List.of(step(value, nesting + 1));
        }
        if (times * expandedLines(body) > MAX_EXPANDED_LINES) {
            throw Places.complaint(at, text("read.repeatTooMuchWork", times * expandedLines(body), MAX_EXPANDED_LINES));
        }
        String bodyText = body.size() == 1 && !(value instanceof SequenceNode)
                ? body.get(0).text()
                : "[" + String.join(", ", body.stream().map(Step::text).toList()) + "]";
        return new Repeat(at, "repeat " + times + ": " + bodyText, times, body);
    }

    private int times(ScalarNode key) throws BadInputException {
        ScriptWords words = ScriptWords.of(source, key);
        if (words.size() < 2) {
            throw Places.complaint(words.start(), text("repeat.noCount"));
        }
        Word count = words.get(1);
        if (words.size() > 2) {
            Word extra = words.get(2);
            throw Places.complaint(extra.at(), text("repeat.extra", extra.text(), count.text()));
        }
        if (!WHOLE_NUMBER.matcher(count.text()).matches()) {
            throw Places.complaint(count.at(), text("repeat.notWhole", count.text()));
        }
        long times = Scalars.wholeNumber(count.text());
        if (times < 1) {
            throw Places.complaint(count.at(), text("repeat.notPositive", count.text()));
        }
        if (times > MAX_TIMES) {
            throw Places.complaint(count.at(), text("repeat.tooLarge", count.text(), MAX_TIMES));
        }
        return (int) times;
    }
}
