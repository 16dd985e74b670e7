package lockstep.simulator.scenario;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import lockstep.simulator.files.SafeFiles;

/**
 * Writes a {@link Scenario} as the YAML {@link ScenarioLoader} reads: the keys in the loader's order, every step on
 * its own line, free text in double quotes. Guarantee: loading what it writes gives the same scenario (the same
 * title, description, seed, clients, fencing, reentrant and steps, texts in all their languages, each step with the same text and meaning; only the places
 * differ, since they are the places in the new file), and writing that again gives the same bytes.
 */
public final class ScenarioWriter {

    private ScenarioWriter() {
    }

    /** The scenario as YAML text. */
    public static String write(Scenario scenario) {
        StringBuilder out = new StringBuilder();
        out.append("# yaml-language-server: $schema=scenario.schema.json\n");
        out.append("title: ").append(text(scenario.titleInLanguages())).append('\n');
        if (!scenario.description().isEmpty()) {
            out.append("description: ").append(text(scenario.descriptionInLanguages())).append('\n');
        }
        if (scenario.seed() != null) {
            out.append("seed: ").append(scenario.seed()).append('\n');
        }
        out.append("clients: ").append(clients(scenario.clients())).append('\n');
        if (!scenario.fencing()) {
            out.append("fencing: false\n");
        }
        if (!scenario.reentrant()) {
            out.append("reentrant: false\n");
        }
        if (scenario.ensemble() != 1) {
            out.append("ensemble: ").append(scenario.ensemble()).append('\n');
        }
        if (scenario.permits() != 1) {
            out.append("permits: ").append(scenario.permits()).append('\n');
        }
        if (!scenario.locks().isEmpty()) {
            out.append("locks: [").append(String.join(", ", scenario.locks())).append("]\n");
        }
        if (scenario.lockPathMade()) {
            out.append("lockPathMade: true\n");
        }
        out.append("script:\n");
        for (Step step : scenario.script()) {
            step(out, step, "  ");
        }
        return out.toString();
    }

    /** Writes the YAML to {@code file} through a temporary file renamed into place: never half-written. */
    public static void write(Scenario scenario, Path file) throws IOException {
        SafeFiles.writeString(file, write(scenario));
    }

    /** A count when the clients are {@code c1..cN}, else the list of names. */
    private static String clients(List<String> names) {
        boolean counted = IntStream.range(0, names.size()).allMatch(i -> names.get(i).equals("c" + (i + 1)));
        return counted ? String.valueOf(names.size()) : "[" + String.join(", ", names) + "]";
    }

    private static void step(StringBuilder out, Step step, String indent) {
        out.append(indent).append("- ");
        if (step instanceof Action || step instanceof ServerStep || step instanceof Together) {
            out.append(step.text()).append('\n'); // plain words, and a together's flow list of them
        } else if (step instanceof Say say) {
            out.append("say: ").append(say(say)).append('\n');
        } else if (step instanceof Repeat repeat) {
            String head = "repeat " + repeat.times() + ": ";
            Step only = repeat.body().get(0);
            if (repeat.text().startsWith(head + "[") || only instanceof Repeat) {
                out.append("repeat ").append(repeat.times()).append(":\n");
                for (Step inner : repeat.body()) {
                    step(out, inner, indent + "    ");
                }
            } else if (only instanceof Say say) {
                out.append(head).append("{say: ").append(say(say)).append("}\n");
            } else if (only instanceof Together) {
                out.append(head).append('{').append(only.text()).append("}\n");
            } else {
                out.append(head).append(only.text()).append('\n');
            }
        }
    }

    private static String say(Say say) {
        if (say.only().isEmpty() && say.byAlgorithm().isEmpty()) {
            return text(say.wording(Say.COMMON));
        }
        List<String> entries = new ArrayList<>();
        if (!say.narration().isEmpty()) {
            entries.add("text: " + text(say.wording(Say.COMMON)));
        }
        if (!say.only().isEmpty()) {
            entries.add("for: [" + String.join(", ", say.only()) + "]");
        }
        // The loader shows the first per-algorithm text when there is no common one: keep that one first.
        String shown = say.text().substring("say: ".length());
        List<Map.Entry<String, String>> own = new ArrayList<>(say.byAlgorithm().entrySet());
        own.sort(Map.Entry.comparingByKey());
        if (say.narration().isEmpty()) {
            own.sort((a, b) -> Boolean.compare(!a.getValue().equals(shown), !b.getValue().equals(shown)));
        }
        for (Map.Entry<String, String> entry : own) {
            entries.add(entry.getKey() + ": " + text(say.wording(entry.getKey())));
        }
        return "{" + String.join(", ", entries) + "}";
    }

    /** A text in double quotes, or a flow mapping of its languages when it has more than English. */
    private static String text(Wording wording) {
        if (!wording.isTranslated()) {
            return quoted(wording.english());
        }
        List<String> entries = new ArrayList<>();
        wording.byLanguage().forEach((language, text) -> entries.add(language + ": " + quoted(text)));
        return "{" + String.join(", ", entries) + "}";
    }

    /** A YAML double-quoted scalar: backslash, quote and control characters escaped. */
    static String quoted(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
