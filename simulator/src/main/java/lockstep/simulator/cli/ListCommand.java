package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import lockstep.algorithms.Flag;
import lockstep.algorithms.HerdCount;
import lockstep.algorithms.Outcome;
import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.FaultTexts;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.scenario.BuiltInScenarios;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code lockstep list}: the algorithms and the built-in scenarios. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List the lock algorithms, the built-in scenarios and the faults a script can use.",
        footer = {"", "Examples:",
                "  lockstep list",
                "  lockstep list --json",
                "  lockstep list --markdown"})
final class ListCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON document instead of the tables.")
    boolean json;

    @Option(names = "--markdown", description = "Print the algorithms as the Markdown table of docs/algorithms.md.")
    boolean markdown;

    @Override
    public Integer call() throws JsonProcessingException {
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(json());
            out.flush();
            return LockstepCommand.OK;
        }
        if (markdown) {
            out.print(markdown());
            out.flush();
            return LockstepCommand.OK;
        }
        List<String[]> algorithms = new ArrayList<>();
        algorithms.add(new String[] {text("list.algorithm"), text("list.flags"), text("list.description")});
        for (Algorithms.Info info : Algorithms.all()) {
            algorithms.add(new String[] {info.name(), flags(info), info.localDescription()});
        }
        List<String[]> scenarios = new ArrayList<>();
        scenarios.add(new String[] {text("list.id"), text("list.name"), text("list.title")});
        for (BuiltInScenarios.BuiltIn builtIn : BuiltInScenarios.list()) {
            scenarios.add(new String[] {builtIn.id(), builtIn.name(),
                    builtIn.title(lockstep.algorithms.text.Texts.language().tag())});
        }
        List<String[]> faults = new ArrayList<>();
        faults.add(new String[] {text("list.fault"), text("list.script"), text("list.description")});
        for (Fault fault : Faults.all()) {
            faults.add(new String[] {fault.name(), scriptWords(fault), FaultTexts.description(fault)});
        }
        Tables.align(algorithms).forEach(out::println);
        out.println();
        Tables.align(scenarios).forEach(out::println);
        out.println();
        Tables.align(faults).forEach(out::println);
        out.flush();
        return LockstepCommand.OK;
    }

    /** How a script writes the fault: {@code cN pause}, {@code server stop}. */
    private static String scriptWords(Fault fault) {
        return (fault.target() == Fault.Target.CLIENT ? "cN " : "server ") + fault.word();
    }

    private static String flags(Algorithms.Info info) {
        List<String> labels = new ArrayList<>();
        info.flags().forEach(flag -> labels.add(flag.text()));
        return labels.isEmpty() ? "-" : String.join(",", labels);
    }

    /** The registry as the Markdown table that docs/algorithms.md embeds (a test keeps the two the same). */
    static String markdown() {
        StringBuilder table = new StringBuilder("| name | flags | herd (N clients) | expected | description |\n"
                + "| --- | --- | --- | --- | --- |\n");
        for (Algorithms.Info info : Algorithms.all()) {
            List<String> labels = info.flags().stream().map(Flag::label).toList();
            table.append("| `").append(info.name()).append("` | ")
                    .append(labels.isEmpty() ? "-" : String.join(", ", labels)).append(" | ")
                    .append(info.herdCount().map(HerdCount::formula).orElse("-")).append(" | ")
                    .append(expected(info)).append(" | ")
                    .append(info.description()).append(" |\n");
        }
        return table.toString();
    }

    /** "correct", or the bug's finding kind and what goes wrong, with a link to its page in docs/bugs/. */
    private static String expected(Algorithms.Info info) {
        Outcome outcome = info.expected();
        return outcome.findingKind().map(kind -> "[bug](bugs/" + info.name() + ".md): `" + kind + "`, "
                + outcome.why()).orElse("correct");
    }

    private static String json() throws JsonProcessingException {
        Map<String, Object> document = new LinkedHashMap<>();
        List<Object> algorithms = new ArrayList<>();
        for (Algorithms.Info info : Algorithms.all()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", info.name());
            entry.put("flags", info.flags().stream().map(Flag::label).toList());
            entry.put("description", info.description());
            entry.put("subtitle", info.subtitle());
            entry.put("herd", info.herdCount().map(HerdCount::formula).orElse(null));
            entry.put("expected", info.expected().findingKind().orElse("correct"));
            algorithms.add(entry);
        }
        List<Object> scenarios = new ArrayList<>();
        for (BuiltInScenarios.BuiltIn builtIn : BuiltInScenarios.list()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", builtIn.id());
            entry.put("name", builtIn.name());
            entry.put("title", builtIn.title());
            entry.put("description", builtIn.description());
            scenarios.add(entry);
        }
        List<Object> faults = new ArrayList<>();
        for (Fault fault : Faults.all()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", fault.name());
            entry.put("script", scriptWords(fault));
            entry.put("description", fault.description());
            faults.add(entry);
        }
        document.put("algorithms", algorithms);
        document.put("scenarios", scenarios);
        document.put("faults", faults);
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(document);
    }

}
